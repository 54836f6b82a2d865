import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const decimal = v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/));
const tierSchema = v.object({
  level: v.number(),
  volume30d: decimal,
  holding: decimal,
  makerFee: decimal,
  takerFee: decimal,
  discount: decimal,
});
export type FeeTier = v.InferOutput<typeof tierSchema>;

export const getFeeTiers = async (locale: Locale): Promise<FeeTier[]> =>
  (
    await getServerApi(locale).static('/api/v1/fee-discount/tiers', {
      schema: v.object({ items: v.array(tierSchema) }),
    })
  ).items;
