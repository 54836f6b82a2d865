import { useLingui } from '@lingui/react/macro';

import { formatDecimal, formatPercent } from '../lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../lib/locales.ts';
import type { Ticker } from '../lib/server/market.ts';
import { TableWrap } from './table-wrap.tsx';

/** Last price and 24h change of the main markets. */
export const Markets = ({
  tickers,
  locale,
}: {
  tickers: Ticker[];
  locale: Locale;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  return (
    <TableWrap serverOnly label={t`Market highlights`}>
      <table className="markets">
        <caption className="visually-hidden">{t`Market highlights`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Market`}</th>
            <th scope="col">{t`Last price`}</th>
            <th scope="col">{t`24h change`}</th>
          </tr>
        </thead>
        <tbody>
          {tickers.map((ticker) => {
            const up = !ticker.change24h.startsWith('-');
            return (
              <tr key={ticker.symbol}>
                <th scope="row">
                  {ticker.base}
                  <span className="muted">/{ticker.quote}</span>
                </th>
                <td className="num">
                  {formatDecimal(ticker.last, intl, { maxDecimals: 4 })}
                </td>
                <td
                  className={up ? 'up' : 'down'}
                >{`${up ? '+' : ''}${formatPercent(ticker.change24h, intl)}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
};
