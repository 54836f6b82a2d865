/**
 * Locale-aware formatting of decimal strings from the API, without floating point: the
 * integer part is grouped with the locale's separators, the fraction is TRUNCATED (never
 * rounded up), so a balance is never overstated (spec §9: 8 decimals by default).
 */

export const DEFAULT_MAX_DECIMALS = 8;
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

type Separators = { group: string; decimal: string; minusSign: string };
const separatorCache = new Map<string, Separators>();

const separators = (locale: string): Separators => {
  let cached = separatorCache.get(locale);
  if (!cached) {
    const parts = new Intl.NumberFormat(locale, {
      useGrouping: true,
    }).formatToParts(-1234567.5);
    cached = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minusSign: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
    };
    separatorCache.set(locale, cached);
  }
  return cached;
};

/** Split a decimal string; undefined when it is not one (exponents, garbage). */
export const splitDecimal = (
  value: string,
): { negative: boolean; whole: string; fraction: string } | undefined => {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  return {
    negative: match[1] === '-',
    whole: (match[2] ?? '0').replace(/^0+(?=\d)/, ''),
    fraction: match[3] ?? '',
  };
};

const group = (whole: string, separator: string): string => {
  if (whole.length <= 3) return whole;
  const head = whole.length % 3;
  const groups = head ? [whole.slice(0, head)] : [];
  for (let i = head; i < whole.length; i += 3)
    groups.push(whole.slice(i, i + 3));
  return groups.join(separator);
};

export type DecimalOptions = {
  maxDecimals?: number;
  minDecimals?: number;
  grouping?: boolean;
};

/** '1234567.123456789' → '1,234,567.12345678' (en) / '1.234.567,12345678' (de-DE). */
export const formatDecimal = (
  value: string,
  locale: string,
  options: DecimalOptions = {},
): string => {
  const parts = splitDecimal(value);
  if (!parts) return '—';
  const max = options.maxDecimals ?? DEFAULT_MAX_DECIMALS;
  const min = Math.min(options.minDecimals ?? 0, max);
  const sep = separators(locale);
  let fraction = parts.fraction.slice(0, max).replace(/0+$/, '');
  if (fraction.length < min) fraction = fraction.padEnd(min, '0');
  const whole =
    options.grouping === false ? parts.whole : group(parts.whole, sep.group);
  const isZero = /^0*$/.test(parts.whole) && /^0*$/.test(fraction);
  return `${parts.negative && !isZero ? sep.minusSign : ''}${whole}${fraction ? `${sep.decimal}${fraction}` : ''}`;
};

/** An API ratio ('0.0525') as a percentage ('5.25%'), truncated to `digits` decimals. */
export const formatPercent = (
  ratio: string,
  locale: string,
  digits = 2,
): string => {
  const parts = splitDecimal(ratio);
  if (!parts) return '—';
  const padded = parts.fraction.padEnd(2, '0');
  const percentWhole = `${parts.whole}${padded.slice(0, 2)}`.replace(
    /^0+(?=\d)/,
    '',
  );
  const rest = padded.slice(2);
  const percent = `${parts.negative ? '-' : ''}${percentWhole}${rest ? `.${rest}` : ''}`;
  const number = formatDecimal(percent, locale, {
    maxDecimals: digits,
    minDecimals: digits,
  });
  const template = new Intl.NumberFormat(locale, {
    style: 'percent',
  }).formatToParts(0.5);
  return template
    .map((p) => (p.type === 'integer' ? number : p.value))
    .join('');
};

/** An amount with its coin, e.g. '1,234.5 USDT'. */
export const formatAmount = (
  value: string,
  coin: string,
  locale: string,
  options: DecimalOptions = {},
): string => `${formatDecimal(value, locale, options)} ${coin}`;

/** Large volumes in compact notation ('18.2K', '1.2億'); display only, never for balances. */
export const formatCompact = (value: string, locale: string): string => {
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
    roundingMode: 'trunc',
  }).format(n);
};

/**
 * What a person typed in an amount field, in their locale ('1.234,5' in de-DE), as a canonical
 * decimal string ('1234.5'); null when it is not a number or has more than `maxDecimals`.
 */
export const parseLocaleDecimal = (
  input: string,
  locale: string,
  maxDecimals = DEFAULT_MAX_DECIMALS,
): string | null => {
  const sep = separators(locale);
  let text = input
    .normalize('NFKC')
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '');
  if (!text) return null;
  if (sep.group !== '.' && sep.group !== ',')
    text = text.split(sep.group).join('');
  if (sep.decimal === ',') text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  if (!/^\d*(?:\.\d*)?$/.test(text) || text === '.') return null;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > maxDecimals) return null;
  const normalizedWhole = (whole || '0').replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction
    ? `${normalizedWhole}.${trimmedFraction}`
    : normalizedWhole;
};
