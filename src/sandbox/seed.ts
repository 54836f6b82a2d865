/**
 * Deterministic seed data for every product area. Language-neutral on purpose: proper nouns,
 * symbols, decimal strings, ISO dates (relative to a fixed epoch) and enum codes — the site
 * translates every label itself.
 */

/**
 * Dates are relative to the start of the current UTC day when the sandbox starts, so an
 * "ongoing" launch is ongoing whenever you run it; everything else is fixed.
 */
const startOfDay = (now: number) => now - (now % 86_400_000);
export const EPOCH = Number(
  process.env.SANDBOX_EPOCH ?? startOfDay(Date.now()),
);
const DAY = 86_400_000;
export const at = (days: number, hours = 0): string =>
  new Date(EPOCH + days * DAY + hours * 3_600_000).toISOString();

/** mulberry32: a small deterministic PRNG. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const COINS = ['USDT', 'BTC', 'ETH', 'EOS', 'XRP'] as const;
export const ACCOUNTS = [
  'ACCOUNT_TYPE_CONTRACT',
  'ACCOUNT_TYPE_COPYTRADING',
  'ACCOUNT_TYPE_FUND',
  'ACCOUNT_TYPE_SPOT',
] as const;
export type Coin = (typeof COINS)[number];
export type Account = (typeof ACCOUNTS)[number];

export const TICKERS = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    last: '67250.12',
    change24h: '0.0231',
    high24h: '68120.00',
    low24h: '65410.55',
    volume24h: '18234.5567',
  },
  {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    last: '3480.45',
    change24h: '-0.0112',
    high24h: '3562.10',
    low24h: '3421.00',
    volume24h: '241876.1020',
  },
  {
    symbol: 'XRPUSDT',
    base: 'XRP',
    quote: 'USDT',
    last: '0.6213',
    change24h: '0.0547',
    high24h: '0.6390',
    low24h: '0.5861',
    volume24h: '98234112.5',
  },
  {
    symbol: 'EOSUSDT',
    base: 'EOS',
    quote: 'USDT',
    last: '0.7841',
    change24h: '-0.0305',
    high24h: '0.8190',
    low24h: '0.7702',
    volume24h: '12890331.2',
  },
  {
    symbol: 'USDTUSD',
    base: 'USDT',
    quote: 'USD',
    last: '1.0001',
    change24h: '0.0001',
    high24h: '1.0004',
    low24h: '0.9998',
    volume24h: '512003221.7',
  },
];

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

/** A decimal string as an integer of `scale` decimals (seed figures are small, exact decimals). */
const scaled = (value: string, scale: number): bigint => {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};

/** `numerator / denominator` as a decimal string with `scale` decimals, rounded half up. */
export const ratio = (
  numerator: string,
  denominator: string,
  scale: number,
): string => {
  const n = scaled(numerator, 8) * 10n ** BigInt(scale);
  const d = scaled(denominator, 8);
  const q = (n * 2n + d) / (2n * d);
  const text = q.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
};

/** `a × b` of two decimal strings, exactly, without trailing zeros. */
export const times = (a: string, b: string): string => {
  const product = (scaled(a, 8) * scaled(b, 8)).toString().padStart(17, '0');
  const whole = product.slice(0, -16);
  const fraction = product.slice(-16).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
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

export const FEE_TIERS = Array.from({ length: 8 }, (_, level) => {
  const volumes = [
    '0',
    '1000000',
    '5000000',
    '10000000',
    '25000000',
    '50000000',
    '100000000',
    '250000000',
  ];
  const holdings = [
    '0',
    '10000',
    '50000',
    '100000',
    '250000',
    '500000',
    '1000000',
    '2500000',
  ];
  const maker = [
    '0.00100',
    '0.00090',
    '0.00080',
    '0.00070',
    '0.00060',
    '0.00040',
    '0.00020',
    '0.00000',
  ];
  const taker = [
    '0.00100',
    '0.00095',
    '0.00090',
    '0.00085',
    '0.00075',
    '0.00065',
    '0.00055',
    '0.00045',
  ];
  const discount = [
    '0',
    '0.05',
    '0.10',
    '0.15',
    '0.25',
    '0.35',
    '0.45',
    '0.55',
  ];
  return {
    level,
    volume30d: volumes[level] ?? '0',
    holding: holdings[level] ?? '0',
    makerFee: maker[level] ?? '0',
    takerFee: taker[level] ?? '0',
    discount: discount[level] ?? '0',
  };
});

/** Official channels on the configured site domain. */
export const officialChannels = (siteDomain: string) => ({
  url: [
    `www.${siteDomain}`,
    siteDomain,
    `help.${siteDomain}`,
    `api2.${siteDomain}`,
    `affiliates.${siteDomain}`,
    `download.${siteDomain}`,
  ],
  email: [
    `support@${siteDomain}`,
    `noreply@${siteDomain}`,
    `security@${siteDomain}`,
    `listing@${siteDomain}`,
  ],
  telegram: [
    'exampleexchange',
    'exampleexchange_en',
    'exampleexchange_jp',
    'exampleexchange_kr',
  ],
  x: ['exampleexchange', 'exampleexchange_jp', 'exampleexchangesupport'],
});

/**
 * The rules every red envelope follows; the red-envelope page states them, and the seed test
 * checks ENVELOPES against them.
 */
export const ENVELOPE_RULES = {
  /** The longest an envelope stays open after it is sent. */
  maxValidityDays: 60,
  /** Envelopes one account may receive in a UTC day. */
  receivesPerDay: 10,
  /** The coins envelopes are sent in. */
  coins: ['USDT', 'BTC', 'ETH'],
} as const;

export const ENVELOPES = [
  {
    code: 'WELCOME2026',
    coin: 'USDT',
    amount: '8.88',
    state: 'valid',
    expiresAt: at(60),
    sender: 'e***e@example.org',
  },
  {
    code: 'LUCKY88',
    coin: 'USDT',
    amount: '88',
    state: 'valid',
    expiresAt: at(45),
    sender: 'k***9',
  },
  {
    code: 'BTCDROP',
    coin: 'BTC',
    amount: '0.0001',
    state: 'valid',
    expiresAt: at(30),
    sender: 'm***n',
  },
  {
    code: 'EXPIRED2025',
    coin: 'USDT',
    amount: '5',
    state: 'expired',
    expiresAt: at(-30),
    sender: 's***a',
  },
  {
    code: 'EMPTYBAG',
    coin: 'ETH',
    amount: '0.01',
    state: 'exhausted',
    expiresAt: at(20),
    sender: 'r***o',
  },
] as const;

export const LUCKY_DRAWS = [
  {
    name: 'snooker-masters-2026',
    startAt: at(-5),
    endAt: at(25),
    chancesPerUser: 3,
    prizes: [
      {
        id: 'grand',
        coin: 'BTC',
        amount: '0.05',
        probability: '0.001',
        remaining: 2,
      },
      {
        id: 'first',
        coin: 'ETH',
        amount: '0.5',
        probability: '0.009',
        remaining: 10,
      },
      {
        id: 'second',
        coin: 'USDT',
        amount: '100',
        probability: '0.09',
        remaining: 150,
      },
      {
        id: 'third',
        coin: 'USDT',
        amount: '10',
        probability: '0.3',
        remaining: 2000,
      },
      {
        id: 'consolation',
        coin: 'XRP',
        amount: '5',
        probability: '0.6',
        remaining: 20000,
      },
    ],
  },
  {
    name: 'new-year-2027',
    startAt: at(55),
    endAt: at(75),
    chancesPerUser: 2,
    prizes: [
      {
        id: 'grand',
        coin: 'BTC',
        amount: '0.1',
        probability: '0.002',
        remaining: 1,
      },
      {
        id: 'first',
        coin: 'USDT',
        amount: '500',
        probability: '0.018',
        remaining: 20,
      },
      {
        id: 'second',
        coin: 'EOS',
        amount: '50',
        probability: '0.18',
        remaining: 500,
      },
      {
        id: 'consolation',
        coin: 'USDT',
        amount: '2',
        probability: '0.8',
        remaining: 50000,
      },
    ],
  },
];

export const drawResultsSeed = (name: string) => {
  const random = prng(name.length * 7919);
  const draw = LUCKY_DRAWS.find((d) => d.name === name);
  if (!draw) return [];
  return Array.from({ length: 12 }, (_, i) => {
    const prize =
      draw.prizes[Math.floor(random() * draw.prizes.length)] ?? draw.prizes[0];
    return {
      user: `${String.fromCharCode(97 + Math.floor(random() * 26))}***${Math.floor(random() * 90 + 10)}`,
      prizeId: prize?.id ?? 'consolation',
      at: at(-1, -i),
    };
  });
};

export const COMPETITION = (() => {
  const random = prng(2025);
  const names = [
    'Tiger',
    'Falcon',
    'Orca',
    'Panda',
    'Lynx',
    'Kite',
    'Viper',
    'Heron',
    'Bison',
    'Raven',
    'Otter',
    'Koala',
  ];
  const leaderboard = Array.from({ length: 50 }, (_, i) => {
    const name = names[Math.floor(random() * names.length)] ?? 'Trader';
    return {
      rank: i + 1,
      nickname: `${name}${Math.floor(random() * 900 + 100)}`.replace(
        /^(.{2}).*(.{2})$/,
        '$1***$2',
      ),
      pnlPercent: (3.2 - i * 0.055 + random() * 0.02).toFixed(4),
      volume: (5_000_000 - i * 87_000 + Math.floor(random() * 40_000)).toFixed(
        2,
      ),
    };
  });
  return {
    name: 'ZCCCompetition2025',
    phases: [
      { phase: 'registration', startAt: at(-20), endAt: at(-10) },
      { phase: 'trading', startAt: at(-10), endAt: at(20) },
      { phase: 'review', startAt: at(20), endAt: at(25) },
      { phase: 'rewards', startAt: at(25), endAt: at(30) },
    ],
    rules: [
      'min-volume',
      'futures-only',
      'no-wash-trading',
      'pnl-ranking',
      'kyc-required',
      'rewards-as-vouchers',
      'one-account',
      'join-until-end',
    ],
    totalPool: '1000000',
    poolCoin: 'USDT',
    /** Each rank of a range gets `amount`; the ranks' amounts add up to `totalPool`. */
    prizePool: [
      { rankFrom: 1, rankTo: 1, coin: 'USDT', amount: '200000' },
      { rankFrom: 2, rankTo: 2, coin: 'USDT', amount: '120000' },
      { rankFrom: 3, rankTo: 3, coin: 'USDT', amount: '80000' },
      { rankFrom: 4, rankTo: 10, coin: 'USDT', amount: '30000' },
      { rankFrom: 11, rankTo: 50, coin: 'USDT', amount: '9750' },
    ],
    participants: 48213,
    updatedAt: at(0),
    leaderboard,
  };
})();

/** When traders may join a competition: from the registration's start to the trading phase's end. */
export const competitionJoinWindow = (c: {
  phases: readonly { phase: string; startAt: string; endAt: string }[];
}): { opensAt: string; closesAt: string } => {
  const registration = c.phases.find((p) => p.phase === 'registration');
  const trading = c.phases.find((p) => p.phase === 'trading');
  if (!registration || !trading)
    throw new Error('a competition needs registration and trading phases');
  return { opensAt: registration.startAt, closesAt: trading.endAt };
};

const CONTRACT_BASES = [
  ['BTC', '0.1', '0.001', 125],
  ['ETH', '0.01', '0.01', 100],
  ['XRP', '0.0001', '1', 75],
  ['EOS', '0.001', '0.1', 50],
  ['SOL', '0.01', '0.1', 75],
  ['DOGE', '0.00001', '10', 75],
  ['ADA', '0.0001', '1', 75],
  ['DOT', '0.001', '0.1', 50],
  ['LTC', '0.01', '0.01', 75],
  ['LINK', '0.001', '0.1', 50],
  ['AVAX', '0.001', '0.1', 50],
  ['TRX', '0.00001', '10', 50],
  ['ATOM', '0.001', '0.1', 50],
  ['NEAR', '0.001', '0.1', 50],
  ['FIL', '0.001', '0.1', 50],
  ['APT', '0.001', '0.1', 50],
  ['ARB', '0.0001', '1', 50],
  ['OP', '0.0001', '1', 50],
  ['SUI', '0.0001', '1', 50],
  ['TON', '0.001', '0.1', 50],
  ['BCH', '0.01', '0.01', 75],
  ['ETC', '0.001', '0.1', 50],
] as const;

/**
 * More USDT perpetuals, as long a list as a real exchange's: tick and lot sizes follow from a
 * seeded price (five significant figures of price, a lot worth a few USDT).
 */
const MORE_BASES = [
  'UNI',
  'AAVE',
  'MKR',
  'COMP',
  'SNX',
  'CRV',
  'SUSHI',
  'YFI',
  'BAL',
  '1INCH',
  'ZRX',
  'KNC',
  'LRC',
  'ENJ',
  'MANA',
  'SAND',
  'AXS',
  'GALA',
  'IMX',
  'APE',
  'CHZ',
  'FLOW',
  'THETA',
  'ICP',
  'HBAR',
  'VET',
  'ALGO',
  'XLM',
  'XMR',
  'ZEC',
  'DASH',
  'NEO',
  'QTUM',
  'ONT',
  'IOTA',
  'XTZ',
  'WAVES',
  'KSM',
  'EGLD',
  'FTM',
  'ONE',
  'ZIL',
  'RVN',
  'ICX',
  'IOST',
  'CELO',
  'KAVA',
  'BAND',
  'OCEAN',
  'ANKR',
  'SKL',
  'STORJ',
  'CTSI',
  'COTI',
  'CHR',
  'DENT',
  'HOT',
  'WIN',
  'BTT',
  'SHIB',
  'PEPE',
  'FLOKI',
  'BONK',
  'WIF',
  'MEME',
  'ORDI',
  'SATS',
  'RNDR',
  'FET',
  'AGIX',
  'GRT',
  'INJ',
  'SEI',
  'TIA',
  'PYTH',
  'JTO',
  'JUP',
  'STRK',
  'BLUR',
  'LDO',
  'RPL',
  'SSV',
  'PENDLE',
  'GMX',
  'DYDX',
  'WLD',
  'ARKM',
  'CYBER',
  'ID',
  'MAV',
  'EDU',
  'HOOK',
  'HIGH',
  'MAGIC',
  'GMT',
  'STX',
  'CFX',
  'KAS',
  'MINA',
  'ROSE',
  'ASTR',
  'GLMR',
  'MOVR',
  'ZK',
  'ZRO',
  'ENA',
  'ETHFI',
  'ALT',
  'PIXEL',
  'PORTAL',
  'MANTA',
  'DYM',
  'AEVO',
  'BOME',
  'W',
  'SAGA',
  'TNSR',
  'OMNI',
  'REZ',
  'BB',
  'NOT',
  'IO',
  'LISTA',
  'ZETA',
  'BANANA',
  'RARE',
  'AUDIO',
  'ACH',
  'AGLD',
  'ALICE',
  'ALPHA',
  'API3',
  'ARPA',
  'AUCTION',
  'BAKE',
  'BEL',
  'BICO',
  'BLZ',
  'BNT',
  'C98',
  'CELR',
  'CKB',
  'CVC',
  'CVX',
  'DAR',
  'DGB',
  'DODO',
  'DUSK',
  'ELF',
  'FIDA',
  'FLM',
  'FXS',
  'GAS',
  'GLM',
  'GTC',
  'HFT',
  'HIFI',
  'IDEX',
  'ILV',
  'JASMY',
  'JOE',
  'KEY',
  'KLAY',
  'LEVER',
  'LINA',
  'LIT',
  'LOOM',
  'LPT',
  'LQTY',
  'LUNA',
  'MASK',
  'MDT',
  'MTL',
  'NKN',
  'NMR',
  'OGN',
  'OM',
  'OXT',
  'PEOPLE',
  'PERP',
  'PHB',
  'POLYX',
  'POWR',
  'RAD',
  'RDNT',
  'REEF',
  'REN',
  'RIF',
  'RLC',
  'RSR',
  'RUNE',
  'SFP',
  'SLP',
  'SPELL',
  'STG',
  'STMX',
  'SUN',
  'SXP',
  'T',
  'TLM',
  'TRB',
  'TRU',
  'TWT',
  'UMA',
  'UNFI',
  'USTC',
  'VANRY',
  'WOO',
  'XEM',
  'XVG',
  'XVS',
  'YGG',
  'ZEN',
  'ACE',
  'AI',
  'AXL',
  'BADGER',
  'BOND',
  'CAKE',
  'COMBO',
  'DEGO',
  'ERN',
  'FORTH',
  'GHST',
  'IOTX',
  'MBOX',
  'NFP',
  'NTRN',
  'ORCA',
  'POND',
  'PROM',
  'QI',
  'RARI',
  'SANTOS',
  'SLERF',
  'STRAX',
  'SYN',
  'TOKEN',
  'TURBO',
  'VIDT',
  'VOXEL',
  'WAXP',
  'XAI',
] as const;

/** 10^exponent as a decimal string ('0.001', '1', '100'). */
const power = (exponent: number): string =>
  exponent >= 0
    ? `1${'0'.repeat(exponent)}`
    : `0.${'0'.repeat(-exponent - 1)}1`;

/** `units × 10^exponent` as a decimal string, exactly. */
const shifted = (units: bigint, exponent: number): string => {
  if (exponent >= 0) return (units * 10n ** BigInt(exponent)).toString();
  const text = units.toString().padStart(-exponent + 1, '0');
  return `${text.slice(0, exponent)}.${text.slice(exponent)}`;
};

/** A decimal string as an integer count of `step` (both exact decimals). */
const steps = (value: string, step: string): bigint =>
  scaled(value, 8) / scaled(step, 8);

const random = prng(4242);
const GENERATED_BASES = MORE_BASES.map((base) => {
  // price magnitude 10^-4 … 10^3, five significant figures: tick is 10^(magnitude − 4)
  const magnitude = Math.floor(random() * 8) - 4;
  const tickExponent = magnitude - 4;
  const lotExponent = Math.min(3, Math.max(-3, -magnitude));
  return [
    base,
    power(tickExponent),
    power(lotExponent),
    [25, 50, 50, 75][Math.floor(random() * 4)] ?? 50,
  ] as const;
});

/** Spot prices of the tickers the home page shows, for contracts on the same coin. */
const SPOT = new Map<string, string>(TICKERS.map((t) => [t.base, t.last]));

/**
 * The announcement's dates: published two days before the current schedule takes effect;
 * each contract was listed (its parameters took effect) on a seeded earlier day.
 */
export const CONTRACTS_PUBLISHED_AT = at(-2, 9);
export const CONTRACTS_EFFECTIVE_AT = at(0);

/** A seed from a coin's name, so every contract on a coin reads the same index. */
const seedOf = (text: string): number =>
  [...text].reduce(
    (h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619),
    2_166_136_261,
  );

/** A decimal string rounded down to whole `step`s. */
const floorTo = (value: string, step: string): string =>
  shifted(steps(value, step) * scaled(step, 8), -8).replace(/\.?0+$/, '');

/** The index price of a coin in USDT: the spot price the site quotes, else seeded (five figures). */
const coinIndex = (base: string, linearTick: string): string =>
  SPOT.get(base) ??
  floorTo(
    shifted(
      BigInt(10_000 + Math.floor(prng(seedOf(base))() * 89_999)) *
        scaled(linearTick, 8),
      -8,
    ),
    linearTick,
  );

/**
 * Live figures of a contract, consistent with its tick size: the index price (the coin's index
 * in whole ticks), the mark price within ±0.3 % of it in whole ticks, and the funding rate
 * within ±0.075 % (a multiple of 0.000001); the day the contract was listed.
 */
const figures = (index: string, tick: string, symbol: string) => {
  const r = prng(seedOf(symbol));
  const indexTicks = steps(index, tick);
  const drift = (indexTicks * BigInt(Math.floor(r() * 61) - 30)) / 10_000n;
  const tickUnits = scaled(tick, 8);
  const fundingMicro = Math.floor(r() * 1501) - 750; // ×10⁻⁶
  const trim = (v: string) => v.replace(/\.?0+$/, '');
  return {
    indexPrice: trim(shifted(indexTicks * tickUnits, -8)),
    markPrice: trim(shifted((indexTicks + drift) * tickUnits, -8)),
    fundingRate: `${fundingMicro < 0 ? '-' : ''}${shifted(BigInt(Math.abs(fundingMicro)), -6)}`,
    listedAt: at(-30 - Math.floor(r() * 700)),
  };
};

/**
 * USDT-margined (linear) perpetuals for every base, quoted and settled in USDT, quantity in the
 * base coin; every third one carries the broker prefix B_.
 */
const LINEAR = [...CONTRACT_BASES, ...GENERATED_BASES].map(
  ([base, tick, lot, leverage], i) => ({
    symbol: i % 3 === 1 ? `B_${base}USDT` : `${base}USDT`,
    type: 'perpetual' as const,
    baseCoin: base,
    quoteCoin: 'USDT',
    settleCoin: 'USDT',
    tickSize: tick,
    lotSize: lot,
    minOrderQty: lot,
    maxOrderQty: times(lot, '1000000'),
    maxLeverage: leverage,
    fundingIntervalHours: i % 4 === 3 ? 4 : 8,
    makerFee: '0.0002',
    takerFee: '0.00055',
    ...figures(coinIndex(base, tick), tick, base + 'USDT'),
  }),
);

/**
 * Inverse perpetuals: quoted in USD (BTCUSD, never BTCUSDT), margined and settled in the base
 * coin, quantity counted in 1-USD contracts.
 */
const INVERSE = (
  [
    ['BTC', '0.5', 100],
    ['ETH', '0.05', 100],
    ['XRP', '0.0001', 50],
    ['EOS', '0.001', 50],
    ['SOL', '0.01', 50],
  ] as const
).map(([base, tick, leverage]) => ({
  symbol: `${base}USD`,
  type: 'inverse' as const,
  baseCoin: base,
  quoteCoin: 'USD',
  settleCoin: base,
  tickSize: tick,
  lotSize: '1',
  minOrderQty: '1',
  maxOrderQty: '1000000',
  maxLeverage: leverage,
  fundingIntervalHours: 8,
  makerFee: '0.0002',
  takerFee: '0.00055',
  ...figures(
    coinIndex(base, CONTRACT_BASES.find(([b]) => b === base)?.[1] ?? tick),
    tick,
    `${base}USD`,
  ),
}));

export const CONTRACTS = [...LINEAR, ...INVERSE];

/** What the two announcement endpoints answer: the list with the announcement's dates. */
export const announcement = <T>(items: readonly T[]) => ({
  publishedAt: CONTRACTS_PUBLISHED_AT,
  effectiveAt: CONTRACTS_EFFECTIVE_AT,
  items,
});

export const MARGIN = CONTRACTS.map((c, i) => {
  const steps = c.maxLeverage >= 100 ? 5 : 4;
  const base =
    c.maxLeverage >= 100 ? 2_000_000 : c.maxLeverage >= 75 ? 500_000 : 200_000;
  return {
    symbol: c.symbol,
    /** Position values are counted in the contract's quote currency (USDT or USD). */
    valueCoin: c.quoteCoin,
    /** Tiers took effect at listing; every fifth contract's were revised by this announcement. */
    effectiveAt: i % 5 === 0 ? CONTRACTS_EFFECTIVE_AT : c.listedAt,
    tiers: Array.from({ length: steps }, (_, t) => {
      const leverage = Math.max(5, Math.floor(c.maxLeverage / 2 ** t));
      const maintenance = (0.005 * 2 ** t).toFixed(4);
      return {
        tier: t + 1,
        positionValueMin: String(t === 0 ? 0 : base * 2 ** (t - 1)),
        positionValueMax: String(base * 2 ** t),
        maxLeverage: leverage,
        maintenanceMarginRate: maintenance,
        initialMarginRate: (1 / leverage).toFixed(4),
      };
    }),
  };
});

export const POSITIONS = [
  {
    id: 'be-ts-01',
    role: 'backend-engineer',
    team: 'engineering',
    location: 'Singapore',
    employment: 'full-time',
    remote: true,
  },
  {
    id: 'fe-react-02',
    role: 'frontend-engineer',
    team: 'engineering',
    location: 'Taipei',
    employment: 'full-time',
    remote: true,
  },
  {
    id: 'sre-03',
    role: 'site-reliability-engineer',
    team: 'engineering',
    location: 'Dubai',
    employment: 'full-time',
    remote: false,
  },
  {
    id: 'sec-04',
    role: 'security-engineer',
    team: 'security',
    location: 'Berlin',
    employment: 'full-time',
    remote: true,
  },
  {
    id: 'pm-05',
    role: 'product-manager',
    team: 'product',
    location: 'Seoul',
    employment: 'full-time',
    remote: false,
  },
  {
    id: 'cmp-06',
    role: 'compliance-officer',
    team: 'compliance',
    location: 'Paris',
    employment: 'full-time',
    remote: false,
  },
  {
    id: 'loc-07',
    role: 'localization-specialist',
    team: 'marketing',
    location: 'Tokyo',
    employment: 'contract',
    remote: true,
  },
  {
    id: 'cs-08',
    role: 'customer-support-specialist',
    team: 'operations',
    location: 'Ho Chi Minh City',
    employment: 'full-time',
    remote: false,
  },
  {
    id: 'qa-09',
    role: 'qa-engineer',
    team: 'engineering',
    location: 'Mexico City',
    employment: 'full-time',
    remote: true,
  },
  {
    id: 'da-10',
    role: 'data-analyst',
    team: 'data',
    location: 'Bangkok',
    employment: 'internship',
    remote: false,
  },
];

const param = (
  name: string,
  type: string,
  required: boolean,
  description: string,
) => ({ name, type, required, description });
const PAGE_PARAMS = [
  param('startTime', 'integer', false, 'start-time'),
  param('endTime', 'integer', false, 'end-time'),
  param('cursor', 'string', false, 'cursor'),
  param('limit', 'integer', false, 'limit'),
];

/** What the on-chain reads (deposits, withdrawals) take, and the fields they all answer with. */
const CHAIN_PARAMS = [...PAGE_PARAMS, param('coin', 'string', false, 'coin')];
const CHAIN_FIELDS = [
  param('txId', 'string', true, 'tx-id'),
  param('coin', 'string', true, 'coin'),
  param('amount', 'decimal', true, 'amount'),
];

/** A Tax API endpoint's example answer: one page of `list` and the cursor to the next. */
const examplePage = (list: readonly object[], nextCursor: string | null) => ({
  ret_code: 0,
  ret_msg: 'OK',
  result: { list, nextCursor },
});

/** A Tax API read: its id names its path (`trades`: `GET /tax/v1/trades`). */
const getEndpoint = (id: string) => ({
  id,
  method: 'GET',
  path: `/tax/v1/${id}`,
});

/**
 * An on-chain read (deposits, withdrawals): the chain's parameters and fields plus the one field
 * of its own, and a one-record example page filtered by `query`.
 */
const chainRead = (
  id: 'deposits' | 'withdrawals',
  own: ReturnType<typeof param>,
  query: string,
  record: object,
) => ({
  ...getEndpoint(id),
  parameters: CHAIN_PARAMS,
  fields: [...CHAIN_FIELDS, own, param('time', 'integer', true, 'time')],
  exampleRequest: `GET /tax/v1/${id}?${query}&limit=1`,
  exampleResponse: examplePage([record], null),
});

export const TAX_DOCS = {
  baseUrl: 'https://api2.example-exchange.com',
  auth: 'hmac-sha256',
  rateLimitPerMinute: 120,
  endpoints: [
    {
      ...getEndpoint('trades'),
      parameters: [...PAGE_PARAMS, param('symbol', 'string', false, 'symbol')],
      fields: [
        param('tradeId', 'string', true, 'trade-id'),
        param('symbol', 'string', true, 'symbol'),
        param('side', 'string', true, 'side'),
        param('price', 'decimal', true, 'price'),
        param('qty', 'decimal', true, 'qty'),
        param('fee', 'decimal', true, 'fee'),
        param('feeCoin', 'string', true, 'fee-coin'),
        param('time', 'integer', true, 'time'),
      ],
      exampleRequest:
        'GET /tax/v1/trades?symbol=BTCUSDT&startTime=1761955200000&limit=2',
      exampleResponse: examplePage(
        [
          {
            tradeId: '8843221',
            symbol: 'BTCUSDT',
            side: 'buy',
            price: '67250.12',
            qty: '0.015',
            fee: '0.000015',
            feeCoin: 'BTC',
            time: 1761958800000,
          },
          {
            tradeId: '8843290',
            symbol: 'BTCUSDT',
            side: 'sell',
            price: '67301.00',
            qty: '0.010',
            fee: '0.6730',
            feeCoin: 'USDT',
            time: 1761962400000,
          },
        ],
        'eyJpZCI6ODg0MzI5MH0',
      ),
    },
    chainRead(
      'deposits',
      param('network', 'string', true, 'network'),
      'coin=USDT',
      {
        txId: '0x9f2c…e1',
        coin: 'USDT',
        amount: '2500',
        network: 'TRC20',
        time: 1761872400000,
      },
    ),
    chainRead('withdrawals', param('fee', 'decimal', true, 'fee'), 'coin=ETH', {
      txId: '0x17ab…42',
      coin: 'ETH',
      amount: '1.2',
      fee: '0.0012',
      time: 1761786000000,
    }),
    {
      ...getEndpoint('transfers'),
      parameters: PAGE_PARAMS,
      fields: [
        param('transferId', 'string', true, 'transfer-id'),
        param('from', 'string', true, 'from-account'),
        param('to', 'string', true, 'to-account'),
        param('coin', 'string', true, 'coin'),
        param('amount', 'decimal', true, 'amount'),
        param('time', 'integer', true, 'time'),
      ],
      exampleRequest: 'GET /tax/v1/transfers?limit=1',
      exampleResponse: examplePage(
        [
          {
            transferId: 't-55102',
            from: 'ACCOUNT_TYPE_SPOT',
            to: 'ACCOUNT_TYPE_FUND',
            coin: 'USDT',
            amount: '10',
            time: 1761800000000,
          },
        ],
        null,
      ),
    },
  ],
};

export const CAMPAIGNS = [
  {
    name: 'newcomer',
    rewardAmount: '100',
    rewardCoin: 'USDT',
    startAt: at(-10),
    endAt: at(50),
    tasks: [
      { code: 'verify-identity', reward: '10', coin: 'USDT', target: '1' },
      { code: 'first-deposit', reward: '20', coin: 'USDT', target: '100' },
      { code: 'first-trade', reward: '30', coin: 'USDT', target: '50' },
      { code: 'savings-subscribe', reward: '40', coin: 'USDT', target: '200' },
    ],
  },
  {
    name: 'futures-starter',
    rewardAmount: '200',
    rewardCoin: 'USDT',
    startAt: at(-5),
    endAt: at(40),
    tasks: [
      {
        code: 'transfer-to-derivatives',
        reward: '20',
        coin: 'USDT',
        target: '50',
      },
      { code: 'futures-trade', reward: '80', coin: 'USDT', target: '1000' },
      { code: 'futures-volume', reward: '100', coin: 'USDT', target: '10000' },
    ],
  },
  {
    name: 'earn-week',
    rewardAmount: '50',
    rewardCoin: 'USDT',
    startAt: at(2),
    endAt: at(9),
    tasks: [
      { code: 'savings-subscribe', reward: '25', coin: 'USDT', target: '500' },
      { code: 'invite-friend', reward: '25', coin: 'USDT', target: '1' },
    ],
  },
];

export const REDIRECT_RULES: Record<
  string,
  { type: 'internal' | 'external'; to: string; status: number }
> = {
  '/en/old-launchpad': { type: 'internal', to: '/en/launchpad', status: 308 },
  '/ja-JP/old-launchpad': {
    type: 'internal',
    to: '/ja-JP/launchpad',
    status: 308,
  },
  '/en/earn': { type: 'internal', to: '/en/earning/savings', status: 308 },
  // a renamed project: its old key, which no list names, is sent on to the new one
  '/en/launchpad/aurora-old': {
    type: 'internal',
    to: '/en/launchpad/aurora-chain',
    status: 308,
  },
  '/en/app': {
    type: 'external',
    to: 'https://download.example-exchange.com/app',
    status: 302,
  },
  '/en/evil': {
    type: 'external',
    to: 'https://evil.example/phish',
    status: 302,
  },
  '/en/broken-target': {
    type: 'internal',
    to: '/en/no-such-route',
    status: 308,
  },
};

export const DEMO_ACCOUNT = {
  email: 'demo@example-exchange.com',
  password: 'Demo12345',
  nickname: 'Demo trader',
};

/** Balances of a new account and of the demo account (decimal strings, 8 decimals). */
export const demoBalances = (): Record<Account, Record<Coin, string>> => ({
  ACCOUNT_TYPE_CONTRACT: {
    USDT: '2500.00000000',
    BTC: '0.05000000',
    ETH: '0.50000000',
    EOS: '0.00000000',
    XRP: '0.00000000',
  },
  ACCOUNT_TYPE_COPYTRADING: {
    USDT: '800.00000000',
    BTC: '0.00000000',
    ETH: '0.00000000',
    EOS: '0.00000000',
    XRP: '0.00000000',
  },
  ACCOUNT_TYPE_FUND: {
    USDT: '1200.00000000',
    BTC: '0.01000000',
    ETH: '0.20000000',
    EOS: '150.00000000',
    XRP: '500.00000000',
  },
  ACCOUNT_TYPE_SPOT: {
    USDT: '5000.00000000',
    BTC: '0.12345678',
    ETH: '1.50000000',
    EOS: '300.00000000',
    XRP: '2500.00000000',
  },
});

export const emptyBalances = (): Record<Account, Record<Coin, string>> => {
  const zero = {
    USDT: '0.00000000',
    BTC: '0.00000000',
    ETH: '0.00000000',
    EOS: '0.00000000',
    XRP: '0.00000000',
  };
  return {
    ACCOUNT_TYPE_CONTRACT: { ...zero },
    ACCOUNT_TYPE_COPYTRADING: { ...zero },
    ACCOUNT_TYPE_FUND: { ...zero },
    ACCOUNT_TYPE_SPOT: { ...zero },
  };
};
