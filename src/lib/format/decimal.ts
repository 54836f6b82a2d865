/**
 * Locale-aware numbers from the API's decimal strings, never through floating point (STYLE:
 * amounts stay decimal strings until lib/format shows them). A value is checked as a decimal
 * string here, then handed to Intl.NumberFormat as a string, which ES2023 engines read as an
 * exact decimal (any size, any number of decimals), with `roundingMode: 'trunc'`: extra decimals
 * are TRUNCATED, never rounded up, so a balance is never overstated (spec §9: 8 decimals by
 * default). Grouping, separators, signs and the percent sign are the locale's own.
 *
 * Pure, synchronous, no I/O: the same code runs in server components, client widgets and
 * scripts. Intl formatters are created once per locale and option set.
 */

import { DEFAULT_DECIMALS } from '../config/constants.ts';
import { createTextMemo } from '../memo.ts';

/** Shown instead of a value that is not a decimal string (exponents, garbage, empty). */
export const NOT_A_NUMBER = '—';

/** A decimal string as the API sends it: optional sign, digits, optional fraction. */
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
/** Longest input worth parsing (a 64-digit amount is already absurd). */
const MAX_INPUT_LENGTH = 100;

export type DecimalParts = {
  readonly negative: boolean;
  /** Integer digits without leading zeros ('0' for none). */
  readonly whole: string;
  /** Fraction digits as written (trailing zeros kept). */
  readonly fraction: string;
};

/**
 * '-0012.3400' → { negative: true, whole: '12', fraction: '3400' }; '.5' and '5.' are
 * accepted; exponents ('1e-7'), separators, NaN and empty strings give undefined.
 */
export const splitDecimal = (value: string): DecimalParts | undefined => {
  if (typeof value !== 'string' || value.length > MAX_INPUT_LENGTH)
    return undefined;
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return undefined;
  return {
    negative: sign === '-',
    whole: whole.replace(/^0+/, '') || '0',
    fraction,
  };
};

// ── Cached Intl formatters ─────────────────────────────────────────────────────────

const formatters = new Map<string, Intl.NumberFormat>();
const numberFormat = (
  locale: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
};

export type LocaleSymbols = {
  readonly group: string;
  readonly decimal: string;
  readonly minusSign: string;
  /** The locale's digits 0–9 (Latin digits for every supported locale). */
  readonly digits: readonly string[];
};
const symbolsCache = new Map<string, LocaleSymbols>();

/** The separators and digits of a locale, read from `formatToParts` on a sample number. */
export const localeSymbols = (locale: string): LocaleSymbols => {
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    const nf = numberFormat(locale, { useGrouping: true });
    const parts = nf.formatToParts(-1234567.5);
    const integer = numberFormat(locale, { useGrouping: false });
    symbols = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minusSign: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
      digits: Array.from({ length: 10 }, (_, d) => integer.format(d)),
    };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
};

// ── Formatting ─────────────────────────────────────────────────────────────────────

/** Decimals and percentages already formatted (pure; see memo.ts). */
const decimals = createTextMemo(5000);

export type DecimalOptions = {
  /** Decimals kept at most; the rest is cut off (default 8). */
  readonly maxDecimals?: number;
  /** Decimals shown at least, padded with zeros (default 0). */
  readonly minDecimals?: number;
  /** Group the integer part (default true). */
  readonly grouping?: boolean;
};

/** Intl's limit on fraction digits. */
const MAX_FRACTION_DIGITS = 100;

/** Decimals kept at most and shown at least, as whole numbers Intl accepts (min ≤ max). */
const fractionDigits = (
  maxDecimals: number,
  minDecimals: number,
): { minimumFractionDigits: number; maximumFractionDigits: number } => {
  const max = Math.min(
    MAX_FRACTION_DIGITS,
    Math.max(0, Math.trunc(maxDecimals)),
  );
  const min = Math.min(Math.max(0, Math.trunc(minDecimals)), max);
  return { minimumFractionDigits: min, maximumFractionDigits: max };
};

/**
 * A decimal string's parts as the plain decimal literal Intl formats exactly (ES2023 reads a
 * string as a decimal, not as a double): '-0012.3400' → '-12.3400'. TypeScript types such a
 * literal as `${number}`, which a built string cannot be shown to match: `splitDecimal` checked it.
 */
const decimalLiteral = (parts: DecimalParts): Intl.StringNumericLiteral =>
  `${parts.negative ? '-' : ''}${parts.whole}${parts.fraction ? `.${parts.fraction}` : ''}` as Intl.StringNumericLiteral;

/**
 * '1234567.123456789' → '1,234,567.12345678' (en), '1.234.567,12345678' (de-DE),
 * '1 234 567,12345678' (fr-FR, narrow no-break spaces). Truncates; '-0.000000001' → '0'.
 * Not a decimal string (exponent, garbage): '—'.
 */
export const formatDecimal = (
  value: string,
  locale: string,
  options: DecimalOptions = {},
): string =>
  typeof value !== 'string' || value.length > MAX_INPUT_LENGTH
    ? NOT_A_NUMBER
    : decimals(
        `${locale}|${options.maxDecimals}|${options.minDecimals}|${options.grouping}|${value}`,
        () => {
          const parts = splitDecimal(value);
          if (!parts) return NOT_A_NUMBER;
          return numberFormat(locale, {
            useGrouping: options.grouping !== false,
            ...fractionDigits(
              options.maxDecimals ?? DEFAULT_DECIMALS,
              options.minDecimals ?? 0,
            ),
            roundingMode: 'trunc',
            signDisplay: 'negative',
          }).format(decimalLiteral(parts));
        },
      );

export type PercentOptions = {
  /** Show a plus sign on positive values, in the locale's position ('+5.25%'). */
  readonly signed?: boolean;
};

/**
 * An API ratio as a percentage: '0.0525' → '5.25%' (en), '5,25 %' (de-DE, fr-FR), truncated to
 * `digits` decimals and padded to them. The sign and % sit where the locale puts them.
 */
export const formatPercent = (
  ratio: string,
  locale: string,
  digits = 2,
  options: PercentOptions = {},
): string =>
  typeof ratio !== 'string' || ratio.length > MAX_INPUT_LENGTH
    ? NOT_A_NUMBER
    : decimals(
        `${locale}|%${digits}|${options.signed === true}|${ratio}`,
        () => {
          const parts = splitDecimal(ratio);
          if (!parts) return NOT_A_NUMBER;
          return numberFormat(locale, {
            style: 'percent',
            ...fractionDigits(digits, digits),
            roundingMode: 'trunc',
            signDisplay: options.signed ? 'exceptZero' : 'negative',
          }).format(decimalLiteral(parts));
        },
      );

/**
 * An amount with its coin: '1,234.5 USDT' (en), '1.234,5 USDT' (de-DE), '1 234,5 USDT' (fr-FR).
 * Every supported locale writes a ticker after the number; the two are joined by a no-break
 * space so the coin never wraps away from its amount.
 */
export const formatAmount = (
  value: string,
  coin: string,
  locale: string,
  options: DecimalOptions = {},
): string => `${formatDecimal(value, locale, options)}\u00a0${coin}`;

/**
 * Large volumes in the locale's compact notation, truncated: '18.2K', '1.2億', '123,4 Mio.'.
 * Display only, never for balances. The decimal string goes to Intl as a string, which ES2023
 * engines format exactly.
 */
export const formatCompact = (
  value: string,
  locale: string,
  maxDecimals = 1,
): string => {
  const parts = splitDecimal(value);
  if (!parts) return NOT_A_NUMBER;
  return numberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: maxDecimals,
    roundingMode: 'trunc',
  }).format(decimalLiteral(parts));
};

// ── Parsing what people type ────────────────────────────────────────────────────────

const SPACES = /[\s\u00a0\u202f\u2009\u2007]/g;

/** Any Unicode decimal digit (Thai ๕, Arabic-Indic ٥, full-width ５…) as an ASCII digit. */
const asciiDigits = (text: string): string =>
  text.replace(/\p{Nd}/gu, (d) => {
    // decimal digits come in runs of ten, 0 to 9 (some runs follow each other directly)
    const code = d.codePointAt(0) ?? 0x30;
    let start = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    return String((code - start) % 10);
  });

const validGrouping = (whole: string, group: string): boolean => {
  const groups = whole.split(group);
  if (groups.length === 1) return true;
  const [first = '', ...rest] = groups;
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g));
};

/**
 * What a person typed in an amount field, in their locale, as a canonical decimal string:
 * '1.234,56' (de-DE) → '1234.56', '1 234,5' (fr-FR) → '1234.5', '１２３．４' (ja-JP) → '123.4',
 * '.5' → '0.5'. Null when it is not a positive-or-zero number: garbage, a sign, an exponent,
 * misplaced group separators ('1.5' in de-DE is neither 1,5 nor 15: refused, never guessed),
 * or more than `maxDecimals` significant decimals.
 *
 * The locale's decimal separator is always accepted; '.' is accepted as a decimal point too
 * where it is not the locale's group separator (fr-FR, ru-RU), so pasted amounts work.
 */
export const parseLocaleDecimal = (
  input: string,
  locale: string,
  maxDecimals = DEFAULT_DECIMALS,
): string | null => {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) return null;
  const { group, decimal } = localeSymbols(locale);
  const spaceGroup = group.replace(SPACES, '') === '';
  let text = asciiDigits(input.normalize('NFKC')).trim();
  // one group character for every kind of space in locales that group with spaces
  text = spaceGroup ? text.replace(SPACES, ' ') : text;
  const groupChar = spaceGroup ? ' ' : group;
  if (!text || /\s/.test(spaceGroup ? text.replaceAll(' ', '') : text))
    return null;
  const decimals = [
    decimal,
    ...(group !== '.' && decimal !== '.' ? ['.'] : []),
  ];
  const at = Math.max(...decimals.map((d) => text.lastIndexOf(d)));
  const whole = at < 0 ? text : text.slice(0, at);
  const fraction = at < 0 ? '' : text.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return null;
  if (!whole && !fraction) return null;
  if (whole && !/^\d+$/.test(whole.split(groupChar).join(''))) return null;
  if (whole && !validGrouping(whole, groupChar)) return null;
  const digits = whole.split(groupChar).join('').replace(/^0+/, '') || '0';
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > maxDecimals) return null;
  return significant ? `${digits}.${significant}` : digits;
};

// ── Exact arithmetic on decimal strings ─────────────────────────────────────────────

/** A decimal string as an integer count of 10^-scale units (fraction beyond `scale` cut off). */
const toUnits = (value: string, scale: number): bigint | undefined => {
  const parts = splitDecimal(value);
  if (!parts) return undefined;
  const units = BigInt(
    `${parts.whole}${parts.fraction.slice(0, scale).padEnd(scale, '0')}`,
  );
  return parts.negative ? -units : units;
};

/**
 * Compares two decimal strings exactly (no floating point): -1, 0 or 1, or undefined when
 * either is not a decimal string. `scale` decimals are compared (default 8, spec §9).
 */
export const compareDecimal = (
  a: string,
  b: string,
  scale = DEFAULT_DECIMALS,
): -1 | 0 | 1 | undefined => {
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Whether a decimal string is greater than zero (at `scale` decimals). */
export const isPositiveDecimal = (
  value: string,
  scale = DEFAULT_DECIMALS,
): boolean => compareDecimal(value, '0', scale) === 1;

/** A decimal string cut to `scale` decimals, without trailing zeros: '12.3400000099' → '12.34'. */
export const truncateDecimal = (
  value: string,
  scale = DEFAULT_DECIMALS,
): string | undefined => {
  const parts = splitDecimal(value);
  if (!parts) return undefined;
  const fraction = parts.fraction.slice(0, scale).replace(/0+$/, '');
  const text = fraction ? `${parts.whole}.${fraction}` : parts.whole;
  return parts.negative && text !== '0' ? `-${text}` : text;
};
