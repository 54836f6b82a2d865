import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const decimal = v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/));
const productSchema = v.object({
  id: v.string(),
  coin: v.string(),
  kind: v.picklist(['flexible', 'fixed']),
  apr: decimal,
  termDays: v.number(),
  minimum: decimal,
  quotaLeft: decimal,
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
