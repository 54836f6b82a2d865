import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'official-verify': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'official-verify.nav',
      message: 'Official verification',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'official-verify.title',
      message: 'Verify official channels',
    }),
    description: msg({
      id: 'official-verify.description',
      message:
        'Check whether a website, email address, Telegram or X account really belongs to us.',
    }),
    heading: msg({
      id: 'official-verify.heading',
      message: 'Official verification',
    }),
    intro: msg({
      id: 'official-verify.intro',
      message:
        'Scammers imitate exchanges. Check any link or account before you trust it.',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
