import { splitDecimal } from '../../lib/format/decimal.ts';
import { createTextMemo } from '../../lib/memo.ts';

/**
 * The launchpad's derived figures, from the API's decimal strings with integer arithmetic
 * (never floating point): how many times a sale is oversubscribed, and how a listed token
 * trades against its sale price. Pure; the same code runs on the server and in tests.
 */

const SCALE = 18;

/** A decimal string as an integer of 10⁻¹⁸, or undefined for anything else. */
const toUnits = (value: string): bigint | undefined => {
  const parts = splitDecimal(value);
  if (!parts) return undefined;
  const units = BigInt(
    parts.whole + parts.fraction.padEnd(SCALE, '0').slice(0, SCALE),
  );
  return parts.negative ? -units : units;
};

/** `numerator ÷ denominator` with `digits` decimals, rounded half away from zero. */
export const divide = (
  numerator: string,
  denominator: string,
  digits: number,
): string | undefined => {
  const n = toUnits(numerator);
  const d = toUnits(denominator);
  if (n === undefined || d === undefined || d === 0n) return undefined;
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (a * 10n ** BigInt(digits) * 2n + b) / (2n * b);
  const text = q.toString().padStart(digits + 1, '0');
  const body =
    digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative && q !== 0n ? `-${body}` : body;
};

/** `a × b`, exactly, as a decimal string without trailing zeros. */
export const multiply = (a: string, b: string): string | undefined => {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x === undefined || y === undefined) return undefined;
  const product = x * y;
  const negative = product < 0n;
  const digits = (negative ? -product : product)
    .toString()
    .padStart(2 * SCALE + 1, '0');
  const whole = digits.slice(0, -2 * SCALE);
  const fraction = digits.slice(-2 * SCALE).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative ? `-${text}` : text;
};

/**
 * A derived figure, worked out once per set of inputs: a page shows the same few launches on
 * every render. In the memo '' stands for no figure (a figure is never empty).
 */
const memoizedFigure = () => {
  const known = createTextMemo(256);
  return (key: string, work: () => string | undefined): string | undefined =>
    known(key, () => work() ?? '') || undefined;
};

const oversubscriptions = memoizedFigure();

/**
 * How many times the sale is oversubscribed: committed ÷ (allocation × price), to two decimals
 * (963,000 USDT against 1,350,000 tokens at 0.05 → '14.27'); undefined while the commitments do
 * not exceed the allocation's value (then the share subscribed tells it) or on bad figures.
 */
export const oversubscription = (
  committed: string,
  allocation: string,
  price: string,
): string | undefined =>
  oversubscriptions(`${committed} ${allocation} ${price}`, () => {
    const value = multiply(allocation, price);
    const c = toUnits(committed);
    const v = value === undefined ? undefined : toUnits(value);
    if (c === undefined || v === undefined || v <= 0n || c <= v)
      return undefined;
    return divide(committed, value ?? '0', 2);
  });

/** Units of 10⁻¹⁸ back as a decimal string. */
const fromUnits = (units: bigint): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units)
    .toString()
    .padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  const whole = digits.slice(0, -SCALE);
  return `${negative ? '-' : ''}${fraction ? `${whole}.${fraction}` : whole}`;
};

const changes = memoizedFigure();

/** A price against the sale price as a signed ratio: 1.12 against 0.75 → '0.4933' (+49.33 %). */
export const changeFromSale = (
  price: string,
  salePrice: string,
): string | undefined =>
  changes(`${price} ${salePrice}`, () => {
    const p = toUnits(price);
    const s = toUnits(salePrice);
    if (p === undefined || s === undefined) return undefined;
    return divide(fromUnits(p - s), salePrice, 4);
  });
