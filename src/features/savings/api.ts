import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const productSchema = v.object({
  id: v.string(),
  coin: v.string(),
  kind: v.picklist(['flexible', 'fixed']),
  /** The headline (best) rate: the first band's. */
  apr: decimalSchema,
  /** The rate bands, lowest amounts first; the last has no upper limit. */
  tiers: v.pipe(
    v.array(v.object({ upTo: v.nullable(decimalSchema), apr: decimalSchema })),
    v.minLength(1),
  ),
  termDays: v.number(),
  minimum: decimalSchema,
  quotaLeft: decimalSchema,
});
export type SavingsProduct = v.InferOutput<typeof productSchema>;

export const getSavingsProducts = async (
  locale: Locale,
): Promise<SavingsProduct[]> =>
  (
    await getServerApi(locale).static('/api/v1/savings/products', {
      schema: v.object({ items: v.array(productSchema) }),
    })
  ).items;
