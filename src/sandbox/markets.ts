import { prng, TICKERS } from './seed.ts';

/**
 * Market figures that move, deterministically: every figure is a pure function of the time
 * bucket (`MARKET_TICK_MS`) and the symbol, so two sandboxes (or a test and a sandbox) asked
 * about the same instant answer the same figures, and the figures change from one bucket to the
 * next. The seed's tickers are the anchors: prices swing a few per cent around their `last`
 * over a day (two slow waves plus a small seeded jitter per bucket), volumes around their
 * `volume24h`.
 */
export const MARKET_TICK_MS = 5000;
/** Points of the 24 h sparkline: one an hour, then now. */
export const SPARKLINE_POINTS = 25;
const HOUR_MS = 3_600_000;

export type MarketTicker = {
  symbol: string;
  base: string;
  quote: string;
  last: string;
  change24h: string;
  high24h: string;
  low24h: string;
  volume24h: string;
  /** Prices over the last 24 h, oldest first, ending with `last`. */
  sparkline: string[];
};

export type MarketSnapshot = {
  items: MarketTicker[];
  /** Start of the time bucket the figures belong to (ms since the epoch). */
  updatedAt: number;
};

const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

const hashOf = (text: string): number => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
};

/** How far a market swings over a day: a stable coin barely moves. */
const swingOf = (symbol: string): number =>
  symbol.startsWith('USDT') ? 0.0003 : 0.03;

const priceAt = (
  anchor: (typeof TICKERS)[number],
  at: number,
): { value: number; decimals: number } => {
  const seed = hashOf(anchor.symbol);
  const hours = at / HOUR_MS;
  const phase = (seed % 628) / 100;
  const swing = swingOf(anchor.symbol);
  const bucket = Math.floor(at / MARKET_TICK_MS);
  const jitter = prng((seed ^ bucket) >>> 0)() - 0.5;
  const factor =
    1 +
    swing * Math.sin((2 * Math.PI * hours) / 24 + phase) +
    (swing / 3) * Math.sin((2 * Math.PI * hours) / 5.3 + phase * 2) +
    (swing / 15) * jitter;
  return {
    value: Number(anchor.last) * factor,
    decimals: decimalsOf(anchor.last),
  };
};

/** `value` with `decimals` decimals; never `-0.00`. */
const fixed = (value: number, decimals: number): string => {
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
};

/**
 * The last price of a bucket, never the previous bucket's (a figure that stays put for a tick
 * reads as a frozen feed): in units of its last decimal, odd in odd buckets and even in even
 * ones, moved by one unit toward the exact value when rounding gave the other parity.
 */
const lastPrice = (anchor: (typeof TICKERS)[number], at: number): string => {
  const { value, decimals } = priceAt(anchor, at);
  const scale = 10 ** decimals;
  const exact = value * scale;
  let units = Math.round(exact);
  const parity = Math.floor(at / MARKET_TICK_MS) % 2;
  if (Math.abs(units % 2) !== parity) units += exact >= units ? 1 : -1;
  return fixed(units / scale, decimals);
};

/** The tickers at the instant `now` (ms since the epoch). */
export const marketSnapshot = (now: number): MarketSnapshot => {
  const updatedAt = Math.floor(now / MARKET_TICK_MS) * MARKET_TICK_MS;
  const items = TICKERS.map((anchor): MarketTicker => {
    const points = Array.from({ length: SPARKLINE_POINTS }, (_, i) =>
      priceAt(anchor, updatedAt - (SPARKLINE_POINTS - 1 - i) * HOUR_MS),
    );
    const decimals = decimalsOf(anchor.last);
    const sparkline = points.map((p) => fixed(p.value, decimals));
    sparkline[sparkline.length - 1] = lastPrice(anchor, updatedAt);
    const values = sparkline.map(Number);
    const last = values[values.length - 1] ?? Number(anchor.last);
    const first = values[0] ?? last;
    const hours = updatedAt / HOUR_MS;
    const volumeFactor =
      1 + 0.15 * Math.sin((2 * Math.PI * hours) / 24 + hashOf(anchor.base));
    return {
      symbol: anchor.symbol,
      base: anchor.base,
      quote: anchor.quote,
      last: fixed(last, decimals),
      change24h: fixed(last / first - 1, 4),
      high24h: fixed(Math.max(...values), decimals),
      low24h: fixed(Math.min(...values), decimals),
      volume24h: fixed(
        Number(anchor.volume24h) * volumeFactor,
        decimalsOf(anchor.volume24h),
      ),
      sparkline,
    };
  });
  return { items, updatedAt };
};
