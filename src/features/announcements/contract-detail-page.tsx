import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
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
  getContracts,
  matchesSymbol,
  type Announcement,
  type Contract,
} from './api.ts';
import { HintedColumn } from './figure-hint.tsx';
import { pageCount, pageSlice, parsePage } from './pagination.ts';
import { Paginator } from './paginator.tsx';

const TYPES = ['perpetual', 'inverse'] as const;
type ContractType = (typeof TYPES)[number];
const isContractType = (value: string): value is ContractType =>
  (TYPES as readonly string[]).includes(value);

const ContractTable = ({
  announcement,
  locale,
  query,
  type,
  page: askedPage,
}: {
  announcement: Announcement<Contract>;
  locale: Locale;
  query: string;
  type: string;
  page: string | null;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const iconBase = imagesBase();
  const typeLabel = {
    perpetual: t`USDT perpetual`,
    inverse: t`Inverse perpetual`,
  };
  const rows = announcement.items.filter(
    (c) => matchesSymbol(c.symbol, query) && (!type || c.type === type),
  );
  const count = rows.length;
  const pages = pageCount(count);
  const page = parsePage(askedPage, pages);
  const label = t`Contract specifications`;
  return (
    <>
      <AnnouncementDates
        publishedAt={announcement.publishedAt}
        effectiveAt={announcement.effectiveAt}
        locale={locale}
      />
      <FilterForm label={t`Filter contracts`} query={query}>
        <label>
          <span>{t`Contract type`}</span>
          <select name="type" defaultValue={type}>
            <option value="">{t`All types`}</option>
            {TYPES.map((k) => (
              <option key={k} value={k}>
                {typeLabel[k]}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <p className="muted small" role="status">
        {t`${plural(count, { one: '# contract', other: '# contracts' })}`}
      </p>
      <TableWrap label={label}>
        <table>
          <ColumnHeaders
            columns={[
              // lingui-set comment="Column header (a narrow place): at most 28 characters"
              t`Symbol`,
              t`Type`,
              // lingui-reset
              <HintedColumn
                heading={t`Mark price`}
                label={t`About the mark price`}
                text={t`The fair price of the contract, from the index price and the funding basis. Unrealized profit and liquidation are calculated from it, not from the last trade.`}
              />,
              <HintedColumn
                heading={t`Index price`}
                label={t`About the index price`}
                text={t`The average spot price of the coin across major exchanges, weighted by their volume.`}
              />,
              <HintedColumn
                heading={t`Funding rate`}
                label={t`About the funding rate`}
                text={t`Paid between long and short positions at every funding time: when positive, longs pay shorts; when negative, shorts pay longs. The exchange takes no fee.`}
              />,
              // lingui-set comment="Column header (a narrow place): at most 28 characters"
              t`Tick size`,
              t`Lot size`,
              t`Max order quantity`,
              t`Max leverage`,
              t`Funding interval`,
              t`Maker / taker fee`,
              t`Listed`,
              // lingui-reset
            ]}
          />
          <tbody>
            {pageSlice(rows, page).map((c) => {
              const hours = c.fundingIntervalHours;
              return (
                <tr key={c.symbol}>
                  <th scope="row">
                    <span className="coin-amount">
                      <CoinIcon base={iconBase} coin={c.baseCoin} />
                      {stripBrokerPrefix(c.symbol)}
                    </span>
                  </th>
                  <td>{typeLabel[c.type]}</td>
                  <td className="num">{formatDecimal(c.markPrice, intl)}</td>
                  <td className="num">{formatDecimal(c.indexPrice, intl)}</td>
                  <td className="num">
                    {formatPercent(c.fundingRate, intl, 4, { signed: true })}
                  </td>
                  <td>{formatDecimal(c.tickSize, intl)}</td>
                  <td>
                    <Amount
                      value={c.lotSize}
                      coin={c.type === 'inverse' ? c.quoteCoin : c.baseCoin}
                      locale={intl}
                    />
                  </td>
                  <td>{formatDecimal(c.maxOrderQty, intl)}</td>
                  <td>{`${c.maxLeverage}×`}</td>
                  <td>{t`Every ${hours} h`}</td>
                  <td>{`${formatPercent(c.makerFee, intl, 3)} / ${formatPercent(c.takerFee, intl, 3)}`}</td>
                  <td>
                    <time dateTime={c.listedAt}>
                      {formatDate(c.listedAt, intl)}
                    </time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {rows.length === 0 ? <p>{t`No contract matches your search.`}</p> : null}
      <Paginator
        pathname={routePath(locale, 'contract-detail')}
        params={{ q: query, type }}
        page={page}
        count={pages}
        label={label}
      />
    </>
  );
};

export default async function ContractDetailPage({
  locale,
  search,
}: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const announcement = await essential(() => getContracts(locale));
  const query = (search?.get('q') ?? '').slice(0, 20);
  const type = search?.get('type') ?? '';
  return (
    <>
      <PageIntro routeId="contract-detail" />
      <ContractTable
        announcement={announcement}
        locale={locale}
        query={query}
        type={isContractType(type) ? type : ''}
        page={search?.get('page') ?? null}
      />
    </>
  );
}
