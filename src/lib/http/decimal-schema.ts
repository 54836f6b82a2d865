import * as v from 'valibot';

/**
 * A decimal amount as the API writes it: a string of digits, never a float (spec §7), so
 * amounts are compared and formatted exactly (src/lib/format/decimal.ts).
 */
export const decimalSchema = v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/));

/** A decimal that may be below zero (a price change, a rank's profit and loss). */
export const signedDecimalSchema = v.pipe(
  v.string(),
  v.regex(/^-?\d+(?:\.\d+)?$/),
);
