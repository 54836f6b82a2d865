import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  savings: {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'savings.nav',
      message: 'Savings',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'savings.title',
      message: 'Crypto savings: earn interest on your assets',
    }),
    description: msg({
      id: 'savings.description',
      message:
        'Flexible and fixed-term savings products for USDT, BTC, ETH, EOS and XRP with daily interest.',
    }),
    heading: msg({ id: 'savings.heading', message: 'Savings' }),
    intro: msg({
      id: 'savings.intro',
      message:
        'Put idle assets to work. Choose a flexible product or lock your coins for a higher rate.',
    }),
    keywords: msg({
      id: 'savings.keywords',
      message:
        'crypto savings, earn interest on crypto, flexible savings, fixed savings, APR',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
