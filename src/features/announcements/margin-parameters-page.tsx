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
import {
  getMarginParameters,
  matchesSymbol,
  type MarginParameters,
} from './api.ts';

const MarginTables = ({
  items,
  locale,
  query,
}: {
  items: MarginParameters[];
  locale: Locale;
  query: string;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const rows = items.filter((m) => matchesSymbol(m.symbol, query));
  const count = rows.length;
  return (
    <>
      <FilterForm label={t`Filter contracts`} query={query} />
      <p className="muted small" role="status">
        {t`${plural(count, { one: '# contract', other: '# contracts' })}`}
      </p>
      {rows.length === 0 ? <p>{t`No contract matches your search.`}</p> : null}
      {rows.map((m) => {
        const symbol = stripBrokerPrefix(m.symbol);
        const coin = m.valueCoin;
        return (
          <section
            key={m.symbol}
            className="section"
            aria-labelledby={`margin-${m.symbol}`}
          >
            <h2 id={`margin-${m.symbol}`}>{symbol}</h2>
            <TableWrap serverOnly label={t`Margin tiers of ${symbol}`}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t`Tier`}</th>
                    <th scope="col">{t`Position value (${coin})`}</th>
                    <th scope="col">{t`Max leverage`}</th>
                    <th scope="col">{t`Maintenance margin rate`}</th>
                    <th scope="col">{t`Initial margin rate`}</th>
                  </tr>
                </thead>
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
    </>
  );
};

export default async function MarginParametersPage({
  locale,
  search,
}: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const items = await essential(() => getMarginParameters(locale));
  return (
    <>
      <PageIntro routeId="margin-parameters" />
      <MarginTables
        items={items}
        locale={locale}
        query={(search?.get('q') ?? '').slice(0, 20)}
      />
    </>
  );
}
