import { msg } from '@lingui/core/macro';

import type { FeatureRoutes } from '../../route-meta.ts';

/**
 * This folder's routes: each one's page module and its words (navigation label, <title>, meta
 * description, heading, introduction, keywords). Its path and flags are its entry in src/routes.ts.
 */
export const routes = {
  'tax-api': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'tax-api.nav',
      message: 'Tax API',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'tax-api.title',
      message: 'Tax reporting API documentation',
    }),
    description: msg({
      id: 'tax-api.description',
      message:
        'Endpoints, fields and examples of the read-only API for tax reporting software.',
    }),
    heading: msg({ id: 'tax-api.heading', message: 'Tax API' }),
    intro: msg({
      id: 'tax-api.intro',
      message:
        'Connect your tax software to export trades, deposits, withdrawals and transfers.',
    }),
    keywords: msg({
      id: 'tax-api.keywords',
      message:
        'crypto tax API, tax report, trade history export, API documentation',
    }),
  },
} satisfies FeatureRoutes;
