import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'specify-the-path': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'specify-the-path.nav',
      message: 'Find your path',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'specify-the-path.title',
      message: 'Find your path: where to start',
    }),
    description: msg({
      id: 'specify-the-path.description',
      message:
        'Tell us what you want to do and we point you to the right product, guide or tool.',
    }),
    heading: msg({
      id: 'specify-the-path.heading',
      message: 'Where do you want to go?',
    }),
    intro: msg({
      id: 'specify-the-path.intro',
      message: 'Pick your goal and we show you the fastest way there.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
