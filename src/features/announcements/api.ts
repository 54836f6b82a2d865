import 'server-only';

import * as v from 'valibot';

import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const contractSchema = v.object({
  symbol: v.string(),
  type: v.picklist(['perpetual', 'inverse']),
  baseCoin: v.string(),
  quoteCoin: v.string(),
  settleCoin: v.string(),
  tickSize: decimalSchema,
  lotSize: decimalSchema,
  minOrderQty: decimalSchema,
  maxOrderQty: decimalSchema,
  maxLeverage: v.number(),
  fundingIntervalHours: v.number(),
  makerFee: decimalSchema,
  takerFee: decimalSchema,
});
const marginSchema = v.object({
  symbol: v.string(),
  /** The currency position values are counted in: USDT (linear) or USD (inverse). */
  valueCoin: v.string(),
  tiers: v.array(
    v.object({
      tier: v.number(),
      positionValueMin: decimalSchema,
      positionValueMax: decimalSchema,
      maxLeverage: v.number(),
      maintenanceMarginRate: decimalSchema,
      initialMarginRate: decimalSchema,
    }),
  ),
});

export type Contract = v.InferOutput<typeof contractSchema>;
export type MarginParameters = v.InferOutput<typeof marginSchema>;

export const getContracts = async (locale: Locale): Promise<Contract[]> =>
  (
    await getServerApi(locale).static(
      '/api/v1/announcements/contract-details',
      { schema: v.object({ items: v.array(contractSchema) }) },
    )
  ).items;

export const getMarginParameters = async (
  locale: Locale,
): Promise<MarginParameters[]> =>
  (
    await getServerApi(locale).static(
      '/api/v1/announcements/margin-parameters',
      { schema: v.object({ items: v.array(marginSchema) }) },
    )
  ).items;

/** Symbols as people search them: broker prefix stripped, case-insensitive. */
export const matchesSymbol = (symbol: string, query: string): boolean =>
  !query ||
  symbol
    .replace(/^B_/, '')
    .toLowerCase()
    .includes(
      query
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    );
