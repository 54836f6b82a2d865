import type { DecimalOptions } from '../lib/format/decimal.ts';
import { imagesBase } from '../lib/server/images.ts';
import { Amount } from './amount.tsx';
import { CoinIcon } from './markets/markets-table.tsx';

/**
 * An amount with its coin and the coin's icon (spec §3's helper builds its address): the icon
 * is decorative, the ticker is written beside it. For server components (the icon base is the
 * request's).
 */
export const CoinAmount = ({
  value,
  coin,
  locale,
  ...options
}: {
  value: string;
  coin: string;
  locale: string;
} & DecimalOptions) => (
  <span className="coin-amount">
    <CoinIcon base={imagesBase()} coin={coin} />
    <Amount value={value} coin={coin} locale={locale} {...options} />
  </span>
);
