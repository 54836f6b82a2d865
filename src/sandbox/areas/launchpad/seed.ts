/** The launchpad area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at, DAY, ratio, times } from '../../seed.ts';

export type LaunchpadState = 'upcoming' | 'ongoing' | 'ended' | 'delisted';
type Project = {
  id: string;
  name: string;
  token: string;
  state: LaunchpadState;
  startAt: string;
  endAt: string;
  price: string;
  totalAllocation: string;
  raised: string;
  progress: string;
  participants: number;
  minSubscription: string;
  maxSubscription: string;
  /** The project's logo, drawn by the site: a lucide glyph on the project's colour (RRGGBB). */
  logo: { glyph: string; color: string };
  /** Ended launches: the token's first traded price and its price now, in USDT. */
  results?: { listingPrice: string; lastPrice: string };
};

/**
 * One launchpad project. `total` is the allocation in tokens, worth `total × price` in the
 * accepted coin (USDT); `committed` is what participants committed in USDT, so the share
 * subscribed (`progress`) is committed ÷ allocation value and goes past 1 when the launch is
 * oversubscribed (an ended launch usually is).
 */
const project = (
  id: string,
  name: string,
  token: string,
  state: LaunchpadState,
  start: number,
  days: number,
  price: string,
  total: string,
  committed: string,
  participants: number,
  logo: Project['logo'],
  results?: Project['results'],
): Project => ({
  id,
  name,
  token,
  state,
  startAt: at(start),
  endAt: at(start + days),
  price,
  totalAllocation: total,
  raised: committed,
  progress: ratio(committed, times(total, price), 4),
  participants,
  minSubscription: '10',
  maxSubscription: '5000',
  logo,
  ...(results ? { results } : {}),
});

// One row a project: id, name, token, state, opening day (from today), days open, price (USDT),
// total allocation (tokens), committed (USDT), participants, logo, and a listed token's prices.
// The progress is worked out from them: committed ÷ (allocation × price); the comment above a
// row with commitments shows the sum.
// prettier-ignore
export const PROJECTS: Project[] = [
  // 50,000,000 AUR × 0.045 = 2,250,000 USDT; 1,444,500 committed = 64.20 %
  project('aurora-chain', 'Aurora Chain', 'AUR', 'ongoing', -3, 10, '0.045', '50000000', '1444500', 18233, { glyph: 'sunrise', color: 'd97706' }),
  // 10,000,000 NBP × 0.12 = 1,200,000 USDT; 372,600 committed = 31.05 %
  project('nebula-pay', 'Nebula Pay', 'NBP', 'ongoing', -1, 7, '0.12', '10000000', '372600', 9021, { glyph: 'wallet', color: '7c3aed' }),
  // 2,000,000 QNT × 0.30 = 600,000 USDT; 549,000 committed = 91.50 %
  project('quanta-ai', 'Quanta AI', 'QNT', 'ongoing', -5, 6, '0.30', '2000000', '549000', 31877, { glyph: 'brain', color: '0891b2' }),
  project('terra-nova', 'Terra Nova', 'TNV', 'upcoming', 4, 7, '0.08', '1000000', '0', 0, { glyph: 'sprout', color: '16a34a' }),
  project('helix-labs', 'Helix Labs', 'HLX', 'upcoming', 9, 5, '0.25', '600000', '0', 0, { glyph: 'dna', color: 'db2777' }),
  project('orbit-dex', 'Orbit DEX', 'ORB', 'upcoming', 15, 10, '0.015', '3000000', '0', 0, { glyph: 'orbit', color: '2563eb' }),
  // 1,200,000 ZNG × 0.05 = 60,000 USDT; 842,400 committed = 14.04× oversubscribed
  project('zenith-games', 'Zenith Games', 'ZNG', 'ended', -40, 7, '0.05', '1200000', '842400', 45012, { glyph: 'gamepad-2', color: 'dc2626' }, { listingPrice: '0.142', lastPrice: '0.118' }),
  // 900,000 LUM × 0.20 = 180,000 USDT; 612,000 committed = 3.40× oversubscribed
  project('lumen-energy', 'Lumen Energy', 'LUM', 'ended', -25, 7, '0.20', '900000', '612000', 22980, { glyph: 'zap', color: 'ca8a04' }, { listingPrice: '0.46', lastPrice: '0.31' }),
  // 1,350,000 PRS × 0.05 = 67,500 USDT; 963,000 committed = 14.27× oversubscribed
  project('prism-protocol', 'Prism Protocol', 'PRS', 'ended', -12, 5, '0.05', '1350000', '963000', 38412, { glyph: 'triangle', color: '0d9488' }, { listingPrice: '0.081', lastPrice: '0.094' }),
  // 400,000 CID × 0.75 = 300,000 USDT; 1,881,000 committed = 6.27× oversubscribed
  project('cobalt-id', 'Cobalt ID', 'CID', 'ended', -55, 6, '0.75', '400000', '1881000', 27506, { glyph: 'fingerprint', color: '1d4ed8' }, { listingPrice: '1.12', lastPrice: '0.69' }),
  // 500,000 MRG × 0.10 = 50,000 USDT; 22,000 committed = 44 %
  project('mirage-fi', 'Mirage Finance', 'MRG', 'delisted', -60, 7, '0.10', '500000', '22000', 1840, { glyph: 'waves', color: '64748b' }),
];

/** What each project builds (the site describes the sector in the reader's language). */
const SECTORS: Record<string, string> = {
  'aurora-chain': 'layer1',
  'nebula-pay': 'payments',
  'quanta-ai': 'ai',
  'terra-nova': 'climate',
  'helix-labs': 'science',
  'orbit-dex': 'defi',
  'zenith-games': 'gaming',
  'lumen-energy': 'energy',
  'prism-protocol': 'oracle',
  'cobalt-id': 'identity',
  'mirage-fi': 'defi',
};

/** The launchpad's share of every project's total supply (the allocation is 5 % of it). */
export const LAUNCHPAD_SUPPLY_SHARE = '0.05';

/**
 * One project's detail. The timeline: registration, then the holding snapshot the day before
 * the subscription opens, the subscription itself from `startAt` to `endAt` (the project is
 * "ongoing" exactly then, and subscribe.ts takes commitments only then), a day of allocation
 * calculation, a day of token distribution, and the token lists for trading when distribution
 * ends. Links are on the project's own placeholder domain (no request leaves the site).
 */
export const projectDetail = (p: Project) => {
  const start = Date.parse(p.startAt);
  const end = Date.parse(p.endAt);
  const phase = (name: string, from: number, to: number) => ({
    phase: name,
    startAt: new Date(from).toISOString(),
    endAt: new Date(to).toISOString(),
  });
  const site = `https://${p.id}.example.org`;
  return {
    ...p,
    acceptedCoin: 'USDT',
    website: site,
    sector: SECTORS[p.id] ?? 'defi',
    totalSupply: times(p.totalAllocation, '20'),
    supplyShare: LAUNCHPAD_SUPPLY_SHARE,
    listingPair: `${p.token}/USDT`,
    listingAt: new Date(end + 2 * DAY).toISOString(),
    links: {
      whitepaper: `${site}/whitepaper.pdf`,
      explorer: `https://explorer.${p.id}.example.org`,
      x: `https://x.example.org/${p.id}`,
      telegram: `https://t.example.org/${p.id}`,
    },
    timeline: [
      phase('registration', start - 4 * DAY, start - DAY),
      phase('snapshot', start - DAY, start),
      phase('subscription', start, end),
      phase('calculation', end, end + DAY),
      phase('distribution', end + DAY, end + 2 * DAY),
    ],
    tiers: [
      { tier: 'vip0', allocation: '0.40', maxSubscription: '1000' },
      { tier: 'vip1-3', allocation: '0.35', maxSubscription: '3000' },
      { tier: 'vip4+', allocation: '0.25', maxSubscription: p.maxSubscription },
    ],
    rules: [
      'kyc-required',
      'holding-snapshot',
      'pro-rata',
      'restricted-regions',
      'refund-unallocated',
    ],
    faq: ['how-to-join', 'allocation', 'distribution', 'refund', 'fees'],
  };
};
