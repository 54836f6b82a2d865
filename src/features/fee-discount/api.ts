import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const tierSchema = v.object({
  level: v.number(),
  volume30d: decimalSchema,
  holding: decimalSchema,
  makerFee: decimalSchema,
  takerFee: decimalSchema,
  discount: decimalSchema,
});
export type FeeTier = v.InferOutput<typeof tierSchema>;

export const getFeeTiers = async (locale: Locale): Promise<FeeTier[]> =>
  (
    await getServerApi(locale).static('/api/v1/fee-discount/tiers', {
      schema: v.object({ items: v.array(tierSchema) }),
    })
  ).items;
