import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'index-back': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'index-back.nav',
      message: 'Back to the start',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({ id: 'index-back.title', message: 'Welcome back' }),
    description: msg({
      id: 'index-back.description',
      message:
        'Pick up where you left off: recent pages, markets and your shortcuts.',
    }),
    intro: msg({
      id: 'index-back.intro',
      message: 'Here is a quick way back to the pages you use most.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
