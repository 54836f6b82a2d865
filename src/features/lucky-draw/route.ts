import { msg } from '@lingui/core/macro';

import type { FeatureRoutes } from '../../route-meta.ts';

/**
 * This folder's routes: each one's page module and its words (navigation label, <title>, meta
 * description, heading, introduction, keywords). Its path and flags are its entry in src/routes.ts.
 */
export const routes = {
  'lucky-draw': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'lucky-draw.nav',
      message: 'Lucky draw',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'lucky-draw.title',
      message: '{key}: lucky draw prizes and results',
    }),
    description: msg({
      id: 'lucky-draw.description',
      message: 'Prizes, odds and recent winners of the {key} lucky draw.',
    }),
    heading: msg({ id: 'lucky-draw.heading', message: 'Lucky draw: {key}' }),
    intro: msg({
      id: 'lucky-draw.intro',
      message:
        'Use your chances to draw a prize. Every result is recorded and shown below.',
    }),
  },
} satisfies FeatureRoutes;
