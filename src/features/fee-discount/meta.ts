import { msg } from '@lingui/core/macro';

import type { FeatureMeta } from '../../route-meta.ts';
import type { routes } from './route.ts';

export const meta = {
  'fee-discount': {
    page: () => import('./page.tsx'),
    nav: msg({
      id: 'fee-discount.nav',
      message: 'Fee discount',
      comment: 'Navigation label: at most 32 characters',
    }),
    // the footer lists this page among the trust links, as what it is to a cautious visitor
    footer: msg`Fee schedule`,
    title: msg({
      id: 'fee-discount.title',
      message: 'Trading fee discounts by VIP tier',
    }),
    description: msg({
      id: 'fee-discount.description',
      message:
        'See the maker and taker fees of every VIP tier and how your discount is calculated.',
    }),
    heading: msg({ id: 'fee-discount.heading', message: 'Fee discount' }),
    intro: msg({
      id: 'fee-discount.intro',
      message:
        'The more you trade and hold, the less you pay. Your tier is reviewed every day.',
    }),
    keywords: msg({
      id: 'fee-discount.keywords',
      message:
        'trading fee discount, VIP tiers, maker fee, taker fee, low trading fees',
    }),
  },
} satisfies FeatureMeta<typeof routes>;
