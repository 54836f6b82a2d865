import * as v from 'valibot';

import { LOCALE_CODES } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { islandMark } from '../../lib/island-data.ts';

const tierSchema = v.object({
  upTo: v.nullable(decimalSchema),
  apr: decimalSchema,
});

const estimateSchema = v.object({
  locale: v.picklist(LOCALE_CODES),
  products: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.maxLength(64)),
        /** The product's name as the page shows it, in the page's language. */
        name: v.pipe(v.string(), v.maxLength(200)),
        coin: v.pipe(v.string(), v.maxLength(16)),
        termDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
        tiers: v.pipe(v.array(tierSchema), v.minLength(1), v.maxLength(20)),
      }),
    ),
    v.minLength(1),
    v.maxLength(200),
  ),
  example: v.object({
    productId: v.string(),
    amount: decimalSchema,
    days: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
});
export type EstimateIslandProps = v.InferOutput<typeof estimateSchema>;
export type EstimateProduct = EstimateIslandProps['products'][number];

const mySavingsSchema = v.object({
  locale: v.picklist(LOCALE_CODES),
  /** Product names by id, in the page's language. */
  names: v.record(v.string(), v.pipe(v.string(), v.maxLength(200))),
});
export type MySavingsIslandProps = v.InferOutput<typeof mySavingsSchema>;

/**
 * The savings page's islands in the server's HTML (widgets.client.tsx renders them): the
 * earnings calculator in place of the worked example, and a trader's own savings.
 */
export const ESTIMATE_ISLAND = islandMark<EstimateIslandProps>(
  'data-savings-estimate',
  estimateSchema,
);
export const MY_SAVINGS_ISLAND = islandMark<MySavingsIslandProps>(
  'data-my-savings',
  mySavingsSchema,
);
