import 'server-only';

import * as v from 'valibot';

import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const productSchema = v.object({
  id: v.string(),
  coin: v.string(),
  kind: v.picklist(['flexible', 'fixed']),
  apr: decimalSchema,
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
