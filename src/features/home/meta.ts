import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  home: {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'home.nav',
      message: 'Home',
      comment: 'Navigation label: at most 32 characters',
    }),
    title: msg({
      id: 'home.title',
      message: 'Buy, trade and earn crypto securely',
    }),
    description: msg({
      id: 'home.description',
      message:
        'Trade Bitcoin, Ethereum and more with low fees, join token launches on Launchpad and grow your holdings with flexible savings.',
    }),
    heading: msg({
      id: 'home.heading',
      message: 'Trade crypto with confidence',
    }),
    intro: msg({
      id: 'home.intro',
      message:
        'Deep liquidity, transparent fees and proof of reserves: everything you need to buy, sell and earn digital assets in one place.',
    }),
    keywords: msg({
      id: 'home.keywords',
      message:
        'crypto exchange, buy bitcoin, trade crypto, launchpad, crypto savings, futures trading',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
