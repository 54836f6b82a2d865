import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import {
  decimalSchema,
  signedDecimalSchema,
} from '../../lib/http/decimal-schema.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const isoDate = v.pipe(v.string(), v.isoTimestamp());
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
  markPrice: decimalSchema,
  indexPrice: decimalSchema,
  /** The rate paid at the next funding time (positive: longs pay shorts). */
  fundingRate: signedDecimalSchema,
  /** When the contract was listed (its parameters took effect). */
  listedAt: isoDate,
});
const marginSchema = v.object({
  symbol: v.string(),
  /** The currency position values are counted in: USDT (linear) or USD (inverse). */
  valueCoin: v.string(),
  /** When these tiers took effect. */
  effectiveAt: isoDate,
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

/** An announcement: its list, when it was published and when what it lists takes effect. */
const announcementSchema = <T extends v.GenericSchema>(item: T) =>
  v.object({
    publishedAt: isoDate,
    effectiveAt: isoDate,
    items: v.array(item),
  });

export type Contract = v.InferOutput<typeof contractSchema>;
export type MarginParameters = v.InferOutput<typeof marginSchema>;
export type Announcement<T> = {
  publishedAt: string;
  effectiveAt: string;
  items: T[];
};

export const getContracts = async (
  locale: Locale,
): Promise<Announcement<Contract>> =>
  getServerApi(locale).static('/api/v1/announcements/contract-details', {
    schema: announcementSchema(contractSchema),
  });

export const getMarginParameters = async (
  locale: Locale,
): Promise<Announcement<MarginParameters>> =>
  getServerApi(locale).static('/api/v1/announcements/margin-parameters', {
    schema: announcementSchema(marginSchema),
  });

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
