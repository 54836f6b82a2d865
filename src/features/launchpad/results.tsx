import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
import { ColumnHeaders } from '../../components/column-headers.tsx';
import { DirectionMark } from '../../components/direction-mark.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatDate,
  formatDecimal,
  formatPercent,
} from '../../lib/format/index.ts';
import { routePath } from '../../routes.ts';
import type { LaunchpadProject } from './api.ts';
import { changeFromSale, oversubscription } from './figures.ts';
import { ProjectLogo } from './project-logo.tsx';

/** Newest first: the launch that ended last leads. */
export const byEndDescending = <T extends { endAt: string }>(
  projects: readonly T[],
): T[] =>
  [...projects].sort((a, b) => Date.parse(b.endAt) - Date.parse(a.endAt));

/** A change against the sale price: its sign and an arrow, not only a colour. */
const Change = ({ ratio, intl }: { ratio: string; intl: string }) => {
  const down = ratio.startsWith('-');
  return (
    <span className={down ? 'change down' : 'change up'}>
      <DirectionMark direction={down ? 'down' : 'up'} />{' '}
      {formatPercent(ratio, intl, 2, { signed: true })}
    </span>
  );
};

/** A price with its change against the sale price ('0.081 USDT', an up mark, '+62.00%'). */
export const PriceAgainstSale = ({
  price,
  salePrice,
  coin,
  intl,
}: {
  price: string;
  salePrice: string;
  coin: string;
  intl: string;
}) => {
  const change = changeFromSale(price, salePrice);
  return (
    <>
      <Amount value={price} coin={coin} locale={intl} />
      {change === undefined ? null : (
        <>
          {' '}
          <Change ratio={change} intl={intl} />
        </>
      )}
    </>
  );
};

/**
 * Results of past launches: sale price, USDT committed, oversubscription, participants, the
 * first traded price and the price now against the sale price.
 */
export const PastResults = ({
  projects,
  locale,
}: {
  projects: readonly LaunchpadProject[];
  locale: Locale;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  return (
    <TableWrap label={t`Results of past launches`} serverOnly>
      <table className="launch-results">
        <ColumnHeaders
          columns={[
            // lingui-set comment="Column header (a narrow place): at most 28 characters"
            t`Project`,
            t`Ended`,
            t`Sale price`,
            t`Total committed`,
            t`Oversubscribed`,
            t`Participants`,
            t`Listing price`,
            t`Price now`,
            // lingui-reset
          ]}
        />
        <tbody>
          {byEndDescending(projects).map((p) => {
            const times = oversubscription(
              p.raised,
              p.totalAllocation,
              p.price,
            );
            return (
              <tr key={p.id}>
                <th scope="row">
                  <span className="launch-results-name">
                    <ProjectLogo project={p} size={24} />
                    <Link to={routePath(locale, 'launchpad-project', p.id)}>
                      {p.name} <span className="muted">({p.token})</span>
                    </Link>
                  </span>
                </th>
                <td>{formatDate(p.endAt, intl)}</td>
                <td>
                  <Amount value={p.price} coin="USDT" locale={intl} />
                </td>
                <td>
                  <Amount
                    value={p.raised}
                    coin="USDT"
                    locale={intl}
                    maxDecimals={2}
                  />
                </td>
                <td className="num">
                  {times === undefined
                    ? formatPercent(p.progress, intl)
                    : `×${formatDecimal(times, intl, { minDecimals: 2 })}`}
                </td>
                <td className="num">
                  {formatDecimal(String(p.participants), intl)}
                </td>
                {(['listingPrice', 'lastPrice'] as const).map((key) => (
                  <td key={key}>
                    {p.results ? (
                      <PriceAgainstSale
                        price={p.results[key]}
                        salePrice={p.price}
                        coin="USDT"
                        intl={intl}
                      />
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
};
