import * as v from 'valibot';

/** A decimal string, signed: amounts stay strings until they are shown. */
const decimal = v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/));

export const tickerSchema = v.object({
  symbol: v.pipe(v.string(), v.maxLength(40)),
  base: v.pipe(v.string(), v.maxLength(20)),
  quote: v.pipe(v.string(), v.maxLength(20)),
  last: decimal,
  change24h: decimal,
  volume24h: decimal,
  /** Prices over the last 24 h, oldest first (may be empty: then no sparkline is drawn). */
  sparkline: v.optional(v.pipe(v.array(decimal), v.maxLength(200)), []),
});
export type Ticker = v.InferOutput<typeof tickerSchema>;

/** `GET /api/v1/market/tickers`: the tickers and when their figures were taken. */
export const marketSnapshotSchema = v.object({
  items: v.pipe(v.array(tickerSchema), v.maxLength(200)),
  /** Milliseconds since the epoch; absent from an older API: the time of the read. */
  updatedAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type MarketSnapshot = {
  readonly items: Ticker[];
  readonly updatedAt: number;
};

/** The API's answer with its time filled in (`now` when the API gave none). */
export const reshapeSnapshot = (
  raw: v.InferOutput<typeof marketSnapshotSchema>,
  now: number,
): MarketSnapshot => ({ items: raw.items, updatedAt: raw.updatedAt ?? now });
