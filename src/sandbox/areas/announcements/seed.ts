/** The announcements area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at, prng, scaled, TICKERS, times } from '../../seed.ts';

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
