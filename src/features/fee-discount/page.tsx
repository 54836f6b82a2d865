import { useLingui } from '@lingui/react/macro';

import { ColumnHeaders } from '../../components/column-headers.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatAmount,
  formatCompact,
  formatPercent,
} from '../../lib/format/index.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getFeeTiers, type FeeTier } from './api.ts';
import { barShare, largest } from './ladder.ts';

const Ladder = ({ tiers, locale }: { tiers: FeeTier[]; locale: Locale }) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const longest = largest(
    tiers.flatMap((tier) => [tier.makerFee, tier.takerFee]),
  );
  const makerName = t`Maker fee`;
  const takerName = t`Taker fee`;
  return (
    <>
      <figure className="ladder-chart">
        <figcaption id="ladder-caption">{t`Maker and taker fees by VIP tier`}</figcaption>
        <p className="ladder-legend" aria-hidden="true">
          <span className="ladder-key ladder-key-maker">{makerName}</span>
          <span className="ladder-key ladder-key-taker">{takerName}</span>
        </p>
        <ol className="ladder" aria-labelledby="ladder-caption">
          {tiers.map((tier) => {
            const level = tier.level;
            const maker = formatPercent(tier.makerFee, intl, 3);
            const taker = formatPercent(tier.takerFee, intl, 3);
            return (
              <li key={tier.level}>
                <span className="ladder-label">{t`VIP ${level}`}</span>
                <span className="ladder-bars" aria-hidden="true">
                  <span
                    className="ladder-bar ladder-bar-maker"
                    style={{ width: barShare(tier.makerFee, longest) }}
                  />
                  <span
                    className="ladder-bar ladder-bar-taker"
                    style={{ width: barShare(tier.takerFee, longest) }}
                  />
                </span>
                <span className="ladder-value" aria-hidden="true">
                  {`${maker} / ${taker}`}
                </span>
                <span className="visually-hidden">{t`Maker fee ${maker}, taker fee ${taker}`}</span>
              </li>
            );
          })}
        </ol>
      </figure>
      <TableWrap serverOnly label={t`Fees by VIP tier`}>
        <table>
          <ColumnHeaders
            columns={[
              // lingui-set comment="Column header (a narrow place): at most 28 characters"
              t`Tier`,
              t`Maker fee`,
              t`Taker fee`,
              t`Discount`,
              t`30-day volume (USDT)`,
              t`or holdings (USDT)`,
              // lingui-reset
            ]}
          />
          <tbody>
            {tiers.map((tier) => {
              const level = tier.level;
              return (
                <tr key={tier.level}>
                  <th scope="row">{t`VIP ${level}`}</th>
                  <td>{formatPercent(tier.makerFee, intl, 3)}</td>
                  <td>{formatPercent(tier.takerFee, intl, 3)}</td>
                  <td>{formatPercent(tier.discount, intl, 0)}</td>
                  <td>{`≥ ${formatCompact(tier.volume30d, intl)}`}</td>
                  <td>{`≥ ${formatCompact(tier.holding, intl)}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
};

/**
 * The worked example from the tiers themselves, formatted as the table formats them: a trader
 * at VIP 2's volume threshold with VIP 1's holdings reaches VIP 2 by volume.
 */
const Example = ({ tiers, locale }: { tiers: FeeTier[]; locale: Locale }) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const reached = tiers[2];
  const below = tiers[1];
  if (!reached || !below) return null;
  const volume = formatAmount(reached.volume30d, 'USDT', intl);
  const holding = formatAmount(below.holding, 'USDT', intl);
  const level = reached.level;
  const taker = formatPercent(reached.takerFee, intl, 3);
  const discount = formatPercent(reached.discount, intl, 0);
  return (
    <p className="muted small">{t`Example: with ${volume} of volume and ${holding} of holdings you reach VIP ${level} by volume and pay a ${taker} taker fee, ${discount} less than at VIP 0.`}</p>
  );
};

const HowItWorks = ({
  tiers,
  locale,
}: {
  tiers: FeeTier[];
  locale: Locale;
}) => {
  const { t } = useLingui();
  return (
    <section className="section" aria-labelledby="how">
      <h2 id="how">{t`How your discount is computed`}</h2>
      <ol>
        <li>{t`Every day at 00:00 UTC we add up your spot and derivatives trading volume of the last 30 days and your average daily holdings.`}</li>
        <li>{t`You reach a tier when either your volume or your holdings meet its threshold; the higher of the two tiers applies.`}</li>
        <li>{t`Your maker and taker fees for the next 24 hours are the fees of that tier; the discount shows how much less you pay than at VIP 0.`}</li>
      </ol>
      <Example tiers={tiers} locale={locale} />
    </section>
  );
};

export default async function FeeDiscountPage({ locale }: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const tiers = await essential(() => getFeeTiers(locale));
  return (
    <>
      <PageIntro routeId="fee-discount" />
      <Ladder tiers={tiers} locale={locale} />
      <HowItWorks tiers={tiers} locale={locale} />
    </>
  );
}
