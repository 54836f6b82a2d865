import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import {
  formatCompact,
  formatDateRange,
  formatDateTime,
  formatDecimal,
  formatPercent,
  requestTime,
} from '../../lib/format/index.ts';
import { lastChange } from '../../lib/last-modified.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps, StructuredDataContext } from '../../lib/page.ts';
import { phasedEvent, type JsonLd } from '../../lib/structured-data.ts';
import { getCompetition, type Competition } from './api.ts';

const PHASES: Record<string, ReturnType<typeof msg>> = {
  registration: msg`Registration`,
  trading: msg`Trading`,
  review: msg`Result review`,
  rewards: msg`Rewards paid`,
};
const RULES: Record<string, ReturnType<typeof msg>> = {
  'min-volume': msg`Trade at least 10,000 USDT of futures volume to be ranked.`,
  'futures-only': msg`Only USDT perpetual futures trades count.`,
  'no-wash-trading': msg`Wash trading, self-dealing or sharing accounts disqualifies the account.`,
  'pnl-ranking': msg`Ranking is by return on investment (PnL %) over the trading phase.`,
  'kyc-required': msg`Identity verification must be completed before rewards are paid.`,
  'rewards-as-vouchers': msg`Rewards are paid as trading vouchers within 7 days of the review.`,
};

const View = ({ c, locale }: { c: Competition; locale: Locale }) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const now = requestTime();
  const pool = `${formatDecimal(c.totalPool, intl)} ${c.poolCoin}`;
  const participants = formatDecimal(String(c.participants), intl);
  const top = Math.max(
    ...c.leaderboard.map((e) => Number(e.pnlPercent)),
    0.0001,
  );
  return (
    <>
      <PageIntro routeId="competition">
        <p className="big-number">{t`Prize pool: ${pool}`}</p>
        <p className="muted">{t`${participants} traders taking part`}</p>
      </PageIntro>
      <div className="detail-grid">
        <section className="card" aria-labelledby="timeline">
          <h2 id="timeline">{t`Timeline`}</h2>
          <ol className="timeline">
            {c.phases.map((p) => {
              const state =
                Date.parse(p.endAt) < now
                  ? 'done'
                  : Date.parse(p.startAt) <= now
                    ? 'current'
                    : 'next';
              const label = PHASES[p.phase];
              return (
                <li
                  key={p.phase}
                  className={`timeline-step timeline-${state}`}
                  aria-current={state === 'current' ? 'step' : undefined}
                >
                  <strong>{label ? i18n._(label) : p.phase}</strong>
                  <span className="muted small">
                    {formatDateRange(p.startAt, p.endAt, intl)}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
        <section className="card" aria-labelledby="prizes">
          <h2 id="prizes">{t`Rewards by rank`}</h2>
          <dl className="facts">
            {c.prizePool.map((p) => {
              const from = p.rankFrom;
              const to = p.rankTo;
              const amount = `${formatDecimal(p.amount, intl)} ${p.coin}`;
              return (
                <div key={from}>
                  <dt>
                    {from === to ? t`Rank ${from}` : t`Ranks ${from}–${to}`}
                  </dt>
                  <dd>{from === to ? amount : t`${amount} each`}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      </div>
      <section className="section" aria-labelledby="rules">
        <h2 id="rules">{t`Rules`}</h2>
        <ul className="rules">
          {c.rules.map((r) => {
            const label = RULES[r];
            return label ? <li key={r}>{i18n._(label)}</li> : null;
          })}
        </ul>
      </section>
      <section className="section" aria-labelledby="leaderboard">
        <h2 id="leaderboard">{t`Leaderboard`}</h2>
        <p className="muted small">{t`Updated ${formatDateTime(c.updatedAt, intl)}`}</p>
        <TableWrap serverOnly label={t`Leaderboard`}>
          <table className="leaderboard">
            <thead>
              <tr>
                <th scope="col">{t`Rank`}</th>
                <th scope="col">{t`Trader`}</th>
                <th scope="col">{t`Return (PnL %)`}</th>
                <th scope="col">{t`Volume (USDT)`}</th>
              </tr>
            </thead>
            <tbody>
              {c.leaderboard.map((e) => (
                <tr
                  key={e.rank}
                  className={
                    e.rank <= 3 ? `podium podium-${e.rank}` : undefined
                  }
                >
                  <th scope="row">{e.rank}</th>
                  <td className="mono">{e.nickname}</td>
                  <td>
                    <span className="bar-cell">
                      <span
                        className="bar"
                        style={{
                          width: `${(Number(e.pnlPercent) / top) * 100}%`,
                        }}
                        aria-hidden="true"
                      />
                      <span className="up">{`+${formatPercent(e.pnlPercent, intl)}`}</span>
                    </span>
                  </td>
                  <td>{formatCompact(e.volume, intl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </section>
    </>
  );
};

/** The sitemap's <lastmod>: the leaderboard's update, or the last phase change before it. */
export const sitemapLastmod = async (): Promise<string | undefined> => {
  const c = await getCompetition('en');
  return lastChange([
    c.updatedAt,
    ...c.phases.flatMap((p) => [p.startAt, p.endAt]),
  ]);
};

const PARTICIPANTS = msg`Participants`;

/** The share image's figures: the prize pool and how many trade. */
export const shareFigures = async ({
  locale,
  i18n,
}: {
  locale: Locale;
  i18n: I18n;
}): Promise<readonly (readonly [string, string])[]> => {
  const c = await getCompetition(locale);
  const intl = getLocaleEntry(locale).intl;
  const pool = `${formatDecimal(c.totalPool, intl)} ${c.poolCoin}`;
  return [
    ['', i18n._(msg`Prize pool: ${pool}`)],
    [i18n._(PARTICIPANTS), formatDecimal(String(c.participants), intl)],
  ];
};

/** The competition as an Event with one sub-event per phase, named in the page's language. */
export const structuredData = async ({
  locale,
  i18n,
  origin,
  url,
  heading,
  description,
}: StructuredDataContext): Promise<readonly JsonLd[]> => {
  const c = await getCompetition(locale);
  const event = phasedEvent({
    origin,
    name: heading,
    description,
    url,
    inLanguage: getLocaleEntry(locale).hreflang,
    phases: c.phases.map((p) => {
      const label = PHASES[p.phase];
      return { ...p, name: label ? i18n._(label) : p.phase };
    }),
  });
  return event ? [event] : [];
};

export default async function CompetitionPage({ locale }: PageProps) {
  const competition = await essential(() => getCompetition(locale));
  return <View c={competition} locale={locale} />;
}
