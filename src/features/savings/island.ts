import * as v from 'valibot';

import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { parseIslandData } from '../../lib/island-data.ts';
import { LOCALE_CODES } from '../../lib/locales.ts';

/**
 * The savings page's islands in the server's HTML: elements marked with these attributes, what
 * a widget needs as JSON in the attribute. No client component is rendered for them, so they
 * cost the page's first JS nothing; the widgets chunk finds them (islands.client.tsx).
 */
export const ESTIMATE_ATTRIBUTE = 'data-savings-estimate';
export const MY_SAVINGS_ATTRIBUTE = 'data-my-savings';

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
export type EstimateIsland = v.InferOutput<typeof estimateSchema>;
export type EstimateProduct = EstimateIsland['products'][number];

const mySavingsSchema = v.object({
  locale: v.picklist(LOCALE_CODES),
  /** Product names by id, in the page's language. */
  names: v.record(v.string(), v.pipe(v.string(), v.maxLength(200))),
});
export type MySavingsIsland = v.InferOutput<typeof mySavingsSchema>;

/** An island's props from its attribute, or undefined when it is not ours. */
export const parseEstimateIsland = (
  text: string | null | undefined,
): EstimateIsland | undefined => parseIslandData(estimateSchema, text);
export const parseMySavingsIsland = (
  text: string | null | undefined,
): MySavingsIsland | undefined => parseIslandData(mySavingsSchema, text);

export const islandAttribute = (
  name: string,
  props: EstimateIsland | MySavingsIsland,
): Record<string, string> => ({ [name]: JSON.stringify(props) });
