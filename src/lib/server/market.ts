import 'server-only';

import * as v from 'valibot';

import { signedDecimalSchema } from '../http/decimal-schema.ts';
import type { Locale } from '../locales.ts';
import { getServerApi } from './api-client.ts';

const tickerSchema = v.object({
  symbol: v.string(),
  base: v.string(),
  quote: v.string(),
  last: signedDecimalSchema,
  change24h: signedDecimalSchema,
  volume24h: signedDecimalSchema,
});
export type Ticker = v.InferOutput<typeof tickerSchema>;

export const getTickers = async (locale: Locale): Promise<Ticker[]> =>
  (
    await getServerApi(locale).static('/api/v1/market/tickers', {
      schema: v.object({ items: v.array(tickerSchema) }),
    })
  ).items;
