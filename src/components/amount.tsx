import { formatAmount, type DecimalOptions } from '../lib/format/decimal.ts';

/**
 * An amount with its coin, the one way every page shows one: the locale's digits and separators,
 * truncated (never rounded up), joined to the coin by a no-break space so the two never wrap
 * apart, in tabular figures so a column of amounts lines up.
 *
 * `value` is the API's decimal string; a value that is not one shows as '—' with its coin.
 */
export const Amount = ({
  value,
  coin,
  locale,
  ...options
}: {
  value: string;
  coin: string;
  locale: string;
} & DecimalOptions) => (
  <span className="num">{formatAmount(value, coin, locale, options)}</span>
);
