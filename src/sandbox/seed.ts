/**
 * What every product area's seed data builds on: the sandbox's day, a deterministic generator,
 * exact decimal helpers, the coins and accounts, the tickers and the demo account. Each area's own
 * data sits beside its routes in src/sandbox/areas/<area>/seed.ts. Language-neutral on purpose:
 * proper nouns, symbols, decimal strings, ISO dates (relative to a fixed epoch) and enum codes —
 * the site translates every label itself.
 */

/**
 * Dates are relative to the start of the current UTC day when the sandbox starts, so an
 * "ongoing" launch is ongoing whenever you run it; everything else is fixed.
 */
const startOfDay = (now: number) => now - (now % 86_400_000);
export const EPOCH = Number(
  process.env.SANDBOX_EPOCH ?? startOfDay(Date.now()),
);
export const DAY = 86_400_000;
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

/** A decimal string as an integer of `scale` decimals (seed figures are small, exact decimals). */
export const scaled = (value: string, scale: number): bigint => {
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
