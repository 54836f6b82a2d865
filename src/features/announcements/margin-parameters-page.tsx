import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { ColumnHeaders } from '../../components/column-headers.tsx';
import { FilterForm } from '../../components/filter-form.tsx';
import { CoinIcon } from '../../components/markets/markets-table.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { stripBrokerPrefix } from '../../lib/config/index.ts';
import {
  formatDate,
  formatDecimal,
  formatPercent,
} from '../../lib/format/index.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { imagesBase } from '../../lib/server/images.ts';
import { routePath } from '../../routes.ts';
import { AnnouncementDates } from './announcement-dates.tsx';
import {
  getMarginParameters,
  matchesSymbol,
  type Announcement,
  type MarginParameters,
} from './api.ts';
import { FigureHint } from './figure-hint.tsx';
import { pageCount, pageSlice, parsePage } from './pagination.ts';
import { Paginator } from './paginator.tsx';

/** The two rates every table shows, explained once above the tables. */
const Terms = () => {
  const { t } = useLingui();
  return (
    <ul className="figure-terms">
      <li>
        {t`Maintenance margin rate`}
        <FigureHint
          label={t`About the maintenance margin rate`}
          text={t`The least margin a position must keep, as a share of its value. Below it, the position is liquidated.`}
        />
      </li>
      <li>
        {t`Initial margin rate`}
        <FigureHint
          label={t`About the initial margin rate`}
          text={t`The margin needed to open a position, as a share of its value: one divided by the leverage.`}
        />
      </li>
    </ul>
  );
};

const MarginTables = ({
  announcement,
  locale,
  query,
  page: askedPage,
}: {
  announcement: Announcement<MarginParameters>;
  locale: Locale;
  query: string;
  page: string | null;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const iconBase = imagesBase();
  const rows = announcement.items.filter((m) => matchesSymbol(m.symbol, query));
  const count = rows.length;
  const pages = pageCount(count);
  const page = parsePage(askedPage, pages);
  return (
    <>
      <AnnouncementDates
        publishedAt={announcement.publishedAt}
        effectiveAt={announcement.effectiveAt}
        locale={locale}
      />
      <FilterForm label={t`Filter contracts`} query={query} />
      <p className="muted small" role="status">
        {t`${plural(count, { one: '# contract', other: '# contracts' })}`}
      </p>
      {rows.length === 0 ? (
        <p>{t`No contract matches your search.`}</p>
      ) : (
        <Terms />
      )}
      {pageSlice(rows, page).map((m) => {
        const symbol = stripBrokerPrefix(m.symbol);
        const coin = m.valueCoin;
        const effective = formatDate(m.effectiveAt, intl);
        return (
          <section
            key={m.symbol}
            className="section"
            aria-labelledby={`margin-${m.symbol}`}
          >
            <h2 id={`margin-${m.symbol}`} className="coin-amount">
              <CoinIcon
                base={iconBase}
                coin={
                  symbol.endsWith(coin) ? symbol.slice(0, -coin.length) : symbol
                }
              />
              {symbol}
            </h2>
            <p className="muted small">
              <time
                dateTime={m.effectiveAt}
              >{t`Effective from ${effective}`}</time>
            </p>
            <TableWrap serverOnly label={t`Margin tiers of ${symbol}`}>
              <table>
                <ColumnHeaders
                  columns={[
                    // lingui-set comment="Column header (a narrow place): at most 28 characters"
                    t`Tier`,
                    t`Position value (${coin})`,
                    t`Max leverage`,
                    t`Maintenance margin rate`,
                    t`Initial margin rate`,
                    // lingui-reset
                  ]}
                />
                <tbody>
                  {m.tiers.map((tier) => (
                    <tr key={tier.tier}>
                      <th scope="row">{tier.tier}</th>
                      <td>{`${formatDecimal(tier.positionValueMin, intl)} – ${formatDecimal(tier.positionValueMax, intl)}`}</td>
                      <td>{`${tier.maxLeverage}×`}</td>
                      <td>{formatPercent(tier.maintenanceMarginRate, intl)}</td>
                      <td>{formatPercent(tier.initialMarginRate, intl)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </section>
        );
      })}
      <Paginator
        pathname={routePath(locale, 'margin-parameters')}
        params={{ q: query }}
        page={page}
        count={pages}
        label={t`Margin parameters`}
      />
    </>
  );
};

export default async function MarginParametersPage({
  locale,
  search,
}: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const announcement = await essential(() => getMarginParameters(locale));
  return (
    <>
      <PageIntro routeId="margin-parameters" />
      <MarginTables
        announcement={announcement}
        locale={locale}
        query={(search?.get('q') ?? '').slice(0, 20)}
        page={search?.get('page') ?? null}
      />
    </>
  );
}
