import { msg } from '@lingui/core/macro';

import type { FeatureRoutes } from '../../route-meta.ts';

/**
 * This folder's routes: each one's page module and its words (navigation label, <title>, meta
 * description, heading, introduction, keywords). Its path and flags are its entry in src/routes.ts.
 */
export const routes = {
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
} satisfies FeatureRoutes;
