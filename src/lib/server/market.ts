import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../locales.ts';
import { getServerApi } from './api-client.ts';

const decimal = v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/));
const tickerSchema = v.object({
  symbol: v.string(),
  base: v.string(),
  quote: v.string(),
  last: decimal,
  change24h: decimal,
  volume24h: decimal,
});
export type Ticker = v.InferOutput<typeof tickerSchema>;

export const getTickers = async (locale: Locale): Promise<Ticker[]> =>
  (
    await getServerApi(locale).static('/api/v1/market/tickers', {
      schema: v.object({ items: v.array(tickerSchema) }),
    })
  ).items;
