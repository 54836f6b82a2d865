/** The savings area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { type Coin } from '../../seed.ts';

/**
 * One band of a savings product's tiered rate: `apr` applies to the part of a subscription up
 * to `upTo` (in the product's coin) above the band before it; `upTo: null` is the last band
 * (no upper limit). A product with one band pays the same rate on any amount.
 */
export type SavingsTier = { upTo: string | null; apr: string };

/**
 * The savings products, one a row: coin, term in days (0: flexible, redeemable any time), the
 * least subscription, the quota left, and the rate bands (up to an amount, the last without a
 * bound). The id is the coin and term (`usdt-flex`, `btc-90`); `apr` is the headline rate, the
 * first band's (seed.test.ts checks the bands agree).
 */
const savings = (
  coin: Coin,
  termDays: number,
  minimum: string,
  quotaLeft: string,
  bands: readonly (readonly [upTo: string | null, apr: string])[],
) => {
  const tiers: SavingsTier[] = bands.map(([upTo, apr]) => ({ upTo, apr }));
  return {
    id: `${coin.toLowerCase()}-${termDays === 0 ? 'flex' : termDays}`,
    coin,
    kind: termDays === 0 ? ('flexible' as const) : ('fixed' as const),
    apr: tiers[0]?.apr ?? '0',
    tiers,
    termDays,
    minimum,
    quotaLeft,
  };
};

// prettier-ignore
export const SAVINGS = [
  savings('USDT', 0, '10', '2500000', [['1000', '0.0800'], ['100000', '0.0525'], [null, '0.0300']]),
  savings('USDT', 30, '100', '800000', [['500', '0.1200'], [null, '0.0810']]),
  savings('BTC', 0, '0.0005', '120', [['1', '0.0150'], [null, '0.0050']]),
  savings('BTC', 90, '0.01', '45.5', [[null, '0.0320']]),
  savings('ETH', 0, '0.01', '1800', [['10', '0.0210'], [null, '0.0100']]),
  savings('ETH', 60, '0.1', '640', [[null, '0.0445']]),
  savings('EOS', 0, '5', '900000', [['5000', '0.0380'], [null, '0.0150']]),
  savings('XRP', 0, '20', '3000000', [[null, '0.0290']]),
  savings('XRP', 14, '100', '1500000', [['20000', '0.0560'], [null, '0.0320']]),
];

/**
 * The demo account's savings (seedState): subscribed `daysAgo` days before the sandbox's day
 * started, so "My savings" shows interest already accrued.
 */
export const DEMO_SAVINGS = [
  { productId: 'usdt-flex', amount: '2500', daysAgo: 20 },
  { productId: 'btc-90', amount: '0.25', daysAgo: 12 },
  { productId: 'eth-flex', amount: '1.5', daysAgo: 5 },
] as const;
