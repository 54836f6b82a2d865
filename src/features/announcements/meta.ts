import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'contract-detail': {
    page: () => import('./contract-detail-page.tsx'),
    nav: msg({
      id: 'contract-detail.nav',
      message: 'Contract details',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'contract-detail.title',
      message: 'Contract specifications',
    }),
    description: msg({
      id: 'contract-detail.description',
      message:
        'Tick size, lot size, maximum leverage and funding interval of every perpetual contract.',
    }),
    heading: msg({
      id: 'contract-detail.heading',
      message: 'Contract details',
    }),
    intro: msg({
      id: 'contract-detail.intro',
      message: 'The trading rules of every contract, in one searchable table.',
    }),
    keywords: msg({
      id: 'contract-detail.keywords',
      message:
        'futures contract specifications, perpetual contracts, tick size, contract size, funding',
    }),
  },
  'margin-parameters': {
    page: () => import('./margin-parameters-page.tsx'),
    nav: msg({
      id: 'margin-parameters.nav',
      message: 'Margin parameters',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'margin-parameters.title',
      message: 'Margin tiers and leverage limits',
    }),
    description: msg({
      id: 'margin-parameters.description',
      message:
        'Position value tiers, maximum leverage and margin rates for every contract.',
    }),
    heading: msg({
      id: 'margin-parameters.heading',
      message: 'Margin parameters',
    }),
    intro: msg({
      id: 'margin-parameters.intro',
      message:
        'Larger positions need more margin. Find the tiers that apply to your contract.',
    }),
    keywords: msg({
      id: 'margin-parameters.keywords',
      message:
        'margin tiers, maximum leverage, maintenance margin, risk limits, futures',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
