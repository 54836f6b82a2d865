import { splitDecimal } from '../../lib/format/decimal.ts';

/** Decimals a fee is compared at (fees have at most 5). */
const SCALE = 8;

const units = (value: string): bigint => {
  const parts = splitDecimal(value);
  if (!parts || parts.negative) return 0n;
  return BigInt(
    `${parts.whole}${parts.fraction.slice(0, SCALE).padEnd(SCALE, '0')}`,
  );
};

/**
 * A bar's length as a CSS percentage of the longest bar, from decimal strings (exact, no
 * floating point): '0.00090' of '0.00100' → '90%', two decimals at most, '0%' for a zero or
 * unreadable longest bar, never above '100%'.
 */
export const barShare = (value: string, longest: string): string => {
  const max = units(longest);
  if (max === 0n) return '0%';
  const v = units(value);
  const hundredths = ((v > max ? max : v) * 10_000n) / max;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n)
    .toString()
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
};

/** The largest of some decimal strings ('0' for none). */
export const largest = (values: readonly string[]): string =>
  values.reduce((max, value) => (units(value) > units(max) ? value : max), '0');
