import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';

import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { buildCoinIconUrl, marketPageUrl } from '../../lib/config/index.ts';
import {
  formatCompact,
  formatDecimal,
  formatPercent,
  formatTime,
} from '../../lib/format/index.ts';
import { DirectionMark } from '../direction-mark.tsx';
import { MARKET_LABELS, trendLabel, updatedLabel } from './labels.client.ts';
import type { MarketSnapshot, Ticker } from './schema.ts';
import { sparklinePath } from './sparkline.ts';

export const SPARK_WIDTH = 96;
export const SPARK_HEIGHT = 28;
export const COIN_ICON_SIZE = 20;

/** 'up', 'down' or 'level' from a signed decimal string. */
const directionOf = (change: string): 'up' | 'down' | 'level' =>
  /^-?0*(?:\.0*)?$/.test(change)
    ? 'level'
    : change.startsWith('-')
      ? 'down'
      : 'up';

/**
 * A coin's icon (spec §3's helper builds its address); decorative beside the coin's name. In the
 * theme's style: the dark style is the image, and the stylesheet replaces it with the light one
 * (`content: var(--coin-icon-light)`) while the light theme is on, so the HTML is the same in
 * both themes (cached pages stay one copy) and a theme change needs no script.
 */
export const CoinIcon = ({ base, coin }: { base: string; coin: string }) => (
  <img
    className="coin-icon"
    src={buildCoinIconUrl(base, coin, 'dark')}
    style={
      {
        '--coin-icon-light': `url(${JSON.stringify(buildCoinIconUrl(base, coin, 'light'))})`,
      } as CSSProperties
    }
    width={COIN_ICON_SIZE}
    height={COIN_ICON_SIZE}
    alt=""
    loading="lazy"
    decoding="async"
  />
);

const Sparkline = ({ ticker, label }: { ticker: Ticker; label: string }) => {
  const d = sparklinePath(ticker.sparkline, SPARK_WIDTH, SPARK_HEIGHT, 2);
  if (!d) return null;
  return (
    <svg
      className={`sparkline ${directionOf(ticker.change24h)}`}
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
};

/**
 * The market table: last price, 24 h change with an up/down mark (a shape and a sign, not
 * colour alone), 24 h volume, a 24 h sparkline and the time of the figures. Rendered by the
 * server from its snapshot and, once the live island loads, by the island from each read;
 * `previous` (the island's last figures) marks changed prices so they can flash.
 */
export const MarketsTable = ({
  snapshot,
  locale,
  iconBase,
  marketHome,
  previous,
}: {
  snapshot: MarketSnapshot;
  locale: Locale;
  /** Where coin icons are served (see `buildCoinIconUrl`). */
  iconBase: string;
  /** The market site's home in the page's locale (`marketSiteUrl`). */
  marketHome: string;
  previous?: ReadonlyMap<string, string> | undefined;
}) => {
  const { i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const label = i18n._(MARKET_LABELS.table);
  return (
    <div className="markets-live">
      <div
        className="table-wrap"
        role="region"
        aria-label={i18n._(MARKET_LABELS.region)}
        tabIndex={0}
      >
        <table className="markets">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._(MARKET_LABELS.market)}</th>
              <th scope="col">{i18n._(MARKET_LABELS.last)}</th>
              <th scope="col">{i18n._(MARKET_LABELS.change)}</th>
              <th scope="col">{i18n._(MARKET_LABELS.volume)}</th>
              <th scope="col">{i18n._(MARKET_LABELS.trend)}</th>
            </tr>
          </thead>
          <tbody>
            {snapshot.items.map((ticker) => {
              const direction = directionOf(ticker.change24h);
              const word = i18n._(
                direction === 'up'
                  ? MARKET_LABELS.up
                  : direction === 'down'
                    ? MARKET_LABELS.down
                    : MARKET_LABELS.level,
              );
              const before = previous?.get(ticker.symbol);
              const moved =
                before === undefined || before === ticker.last
                  ? ''
                  : Number(ticker.last) > Number(before)
                    ? ' tick-up'
                    : ' tick-down';
              return (
                <tr key={ticker.symbol} data-symbol={ticker.symbol}>
                  <th scope="row">
                    <a
                      className="market-name"
                      href={marketPageUrl(marketHome, ticker.symbol)}
                      data-track={`link:market-${ticker.symbol}`}
                    >
                      <CoinIcon base={iconBase} coin={ticker.base} />
                      <span>
                        {ticker.base}
                        <span className="muted">/{ticker.quote}</span>
                        <span className="visually-hidden">
                          {' '}
                          {i18n._(MARKET_LABELS.trade)}
                        </span>
                      </span>
                    </a>
                  </th>
                  <td className="num">
                    <span
                      key={ticker.last}
                      className={`price${moved}`}
                      data-field="last"
                    >
                      {formatDecimal(ticker.last, intl, { maxDecimals: 4 })}
                    </span>
                  </td>
                  <td className={`num ${direction}`}>
                    <DirectionMark direction={direction} />{' '}
                    <span className="visually-hidden">{word} </span>
                    {formatPercent(ticker.change24h, intl, 2, { signed: true })}
                  </td>
                  <td className="num">
                    {formatCompact(ticker.volume24h, intl, 2)}
                    <span className="muted"> {ticker.base}</span>
                  </td>
                  <td>
                    <Sparkline
                      ticker={ticker}
                      label={i18n._(trendLabel(word))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small market-updated">
        <time dateTime={new Date(snapshot.updatedAt).toISOString()}>
          {i18n._(updatedLabel(formatTime(snapshot.updatedAt, intl)))}
        </time>
      </p>
    </div>
  );
};
