import type { AprTier } from '../../components/apr-tiers.tsx';
import { splitDecimal } from '../../lib/format/decimal.ts';

/**
 * Estimated savings interest across a product's APR bands, in exact decimal arithmetic
 * (BigInt on scaled integers: no floating point touches an amount). Simple interest on a
 * 365-day year, as the products pay it: each band's rate applies to the part of the amount
 * inside the band. Results are decimal strings truncated to 8 decimals (an estimate is never
 * overstated). Pure: the server's example and the client calculator use the same code.
 */

export type Estimate = {
  /** One day's interest. */
  readonly daily: string;
  /** Interest over the whole term. */
  readonly total: string;
  /** The one rate that pays the same on the whole amount (6 decimals). */
  readonly blendedApr: string;
};

/** Decimals kept inside the arithmetic; results are cut to RESULT_DECIMALS. */
const SCALE = 18;
const RESULT_DECIMALS = 8;
const ONE = 10n ** BigInt(SCALE);
/** The longest term the estimate takes, in days (ten years). */
export const MAX_TERM_DAYS = 3650;

const toUnits = (value: string): bigint | undefined => {
  const parts = splitDecimal(value);
  if (!parts || parts.negative) return undefined;
  return BigInt(
    `${parts.whole}${parts.fraction.slice(0, SCALE).padEnd(SCALE, '0')}`,
  );
};

/** Scaled units back to a decimal string with at most `decimals` decimals, truncated. */
const fromUnits = (units: bigint, decimals = RESULT_DECIMALS): string => {
  const text = units.toString().padStart(SCALE + 1, '0');
  const whole = text.slice(0, -SCALE);
  const fraction = text.slice(-SCALE).slice(0, decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
};

/**
 * A year's interest on `amount` (scaled units × ONE), or undefined when a band is not a
 * decimal string or the bands do not end without a limit.
 */
const yearlyInterest = (
  amount: bigint,
  tiers: readonly AprTier[],
): bigint | undefined => {
  if (tiers.at(-1)?.upTo !== null) return undefined;
  let floor = 0n;
  let interest = 0n;
  for (const tier of tiers) {
    const top = tier.upTo === null ? amount : toUnits(tier.upTo);
    const apr = toUnits(tier.apr);
    if (top === undefined || apr === undefined) return undefined;
    const part = (amount < top ? amount : top) - floor;
    if (part > 0n) interest += part * apr;
    if (amount <= top) return interest;
    floor = top > floor ? top : floor;
  }
  return interest;
};

/**
 * The interest `amount` earns over `days` days. Undefined for an amount that is not a
 * non-negative decimal string, a term that is not a whole number of days from 1 to
 * MAX_TERM_DAYS, or bands that are not well formed.
 */
export const estimateInterest = (
  amount: string,
  tiers: readonly AprTier[],
  days: number,
): Estimate | undefined => {
  if (!Number.isInteger(days) || days < 1 || days > MAX_TERM_DAYS)
    return undefined;
  const units = toUnits(amount);
  if (units === undefined) return undefined;
  const yearly = yearlyInterest(units, tiers);
  if (yearly === undefined) return undefined;
  const perYear = 365n * ONE;
  return {
    daily: fromUnits(yearly / perYear),
    total: fromUnits((yearly * BigInt(days)) / perYear),
    blendedApr: units === 0n ? '0' : fromUnits(yearly / units, 6),
  };
};

/** The rate the first unit of an amount earns (the headline rate) and the lowest band's. */
export const aprRange = (
  tiers: readonly AprTier[],
): { readonly best: string; readonly worst: string } | undefined => {
  const first = tiers[0];
  const last = tiers.at(-1);
  return first && last ? { best: first.apr, worst: last.apr } : undefined;
};
