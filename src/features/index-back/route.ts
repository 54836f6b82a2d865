import { msg } from '@lingui/core/macro';

import type { FeatureRoutes } from '../../route-meta.ts';

/**
 * This folder's routes: each one's page module and its words (navigation label, <title>, meta
 * description, heading, introduction, keywords). Its path and flags are its entry in src/routes.ts.
 */
export const routes = {
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
} satisfies FeatureRoutes;
