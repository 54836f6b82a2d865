import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
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
} satisfies FeatureMeta<typeof routes>;
