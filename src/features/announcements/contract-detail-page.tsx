import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { FilterForm } from '../../components/filter-form.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { stripBrokerPrefix } from '../../lib/config/index.ts';
import { formatDecimal, formatPercent } from '../../lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getContracts, matchesSymbol, type Contract } from './api.ts';

const TYPES = ['perpetual', 'inverse'] as const;

const ContractTable = ({
  contracts,
  locale,
  query,
  type,
}: {
  contracts: Contract[];
  locale: Locale;
  query: string;
  type: string;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const typeLabel = {
    perpetual: t`USDT perpetual`,
    inverse: t`Inverse perpetual`,
  };
  const rows = contracts.filter(
    (c) => matchesSymbol(c.symbol, query) && (!type || c.type === type),
  );
  const count = rows.length;
  return (
    <>
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
      <TableWrap serverOnly label={t`Contract specifications`}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t`Symbol`}</th>
              <th scope="col">{t`Type`}</th>
              <th scope="col">{t`Tick size`}</th>
              <th scope="col">{t`Lot size`}</th>
              <th scope="col">{t`Max order quantity`}</th>
              <th scope="col">{t`Max leverage`}</th>
              <th scope="col">{t`Funding interval`}</th>
              <th scope="col">{t`Maker / taker fee`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const hours = c.fundingIntervalHours;
              return (
                <tr key={c.symbol}>
                  <th scope="row">{stripBrokerPrefix(c.symbol)}</th>
                  <td>{typeLabel[c.type]}</td>
                  <td>{formatDecimal(c.tickSize, intl)}</td>
                  <td>{`${formatDecimal(c.lotSize, intl)} ${c.type === 'inverse' ? c.quoteCoin : c.baseCoin}`}</td>
                  <td>{formatDecimal(c.maxOrderQty, intl)}</td>
                  <td>{`${c.maxLeverage}×`}</td>
                  <td>{t`Every ${hours} h`}</td>
                  <td>{`${formatPercent(c.makerFee, intl, 3)} / ${formatPercent(c.takerFee, intl, 3)}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {rows.length === 0 ? <p>{t`No contract matches your search.`}</p> : null}
    </>
  );
};

export default async function ContractDetailPage({
  locale,
  search,
}: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const contracts = await essential(() => getContracts(locale));
  const query = (search?.get('q') ?? '').slice(0, 20);
  const type = search?.get('type') ?? '';
  return (
    <>
      <PageIntro routeId="contract-detail" />
      <ContractTable
        contracts={contracts}
        locale={locale}
        query={query}
        type={TYPES.includes(type as never) ? type : ''}
      />
    </>
  );
}
