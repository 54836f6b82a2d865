import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
import { CoinAmount } from '../../components/coin-amount.tsx';
import { ColumnHeaders } from '../../components/column-headers.tsx';
import { Countdown } from '../../components/countdown/countdown.tsx';
import { FaqList } from '../../components/faq.tsx';
import { CoinIcon } from '../../components/markets/markets-table.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { RuleList } from '../../components/rule-list.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { Timeline } from '../../components/timeline.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatAmount,
  formatCompact,
  formatDateRange,
  formatDateTime,
  formatDecimal,
  formatPercent,
  requestTime,
} from '../../lib/format/index.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { imagesBase } from '../../lib/server/images.ts';
import { getCompetition, type Competition } from './api.ts';
import {
  barWidth,
  competitionYear,
  rangeTotal,
  tradingWindow,
} from './figures.ts';
import { JOIN_ISLAND } from './join-island.ts';
import { KeyVisual } from './key-visual.tsx';
import { PHASES } from './labels.ts';

const RULES: Record<string, ReturnType<typeof msg>> = {
  'min-volume': msg`Trade at least 10,000 USDT of futures volume to be ranked.`,
  'futures-only': msg`Only USDT perpetual futures trades count.`,
  'no-wash-trading': msg`Wash trading, self-dealing or sharing accounts disqualifies the account.`,
  'pnl-ranking': msg`Ranking is by return on investment (PnL %) over the trading phase.`,
  'kyc-required': msg`Identity verification must be completed before rewards are paid.`,
  'rewards-as-vouchers': msg`Rewards are paid as trading vouchers within 7 days of the review.`,
  'one-account': msg`One account per person: sub-accounts and market-maker accounts do not take part.`,
  'join-until-end': msg`You can join until the trading phase ends; only trades made after you join count.`,
};

const Schedule = ({
  c,
  intl,
  now,
}: {
  c: Competition;
  intl: string;
  now: number;
}) => {
  const { t } = useLingui();
  const span = tradingWindow(c.phases, now);
  if (!span) return null;
  const { trading, stage } = span;
  return (
    <dl className="facts competition-schedule">
      <div>
        <dt>{t`Trading starts`}</dt>
        <dd>{formatDateTime(trading.startAt, intl)}</dd>
      </div>
      <div>
        <dt>{t`Trading ends`}</dt>
        <dd>{formatDateTime(trading.endAt, intl)}</dd>
      </div>
      {stage === 'after' ? (
        <div>
          <dt>{t`Status`}</dt>
          <dd>{t`The trading phase has ended.`}</dd>
        </div>
      ) : (
        <div>
          <dt>{stage === 'before' ? t`Starts in` : t`Ends in`}</dt>
          <dd>
            <Countdown
              to={stage === 'before' ? trading.startAt : trading.endAt}
              intl={intl}
            />
          </dd>
        </div>
      )}
    </dl>
  );
};

const Prizes = ({ c, intl }: { c: Competition; intl: string }) => {
  const { t } = useLingui();
  return (
    // inside the detail grid's StaticHtml already: a plain wrapper
    <TableWrap label={t`Rewards by rank`}>
      <table className="prizes">
        <ColumnHeaders
          columns={[
            // lingui-set comment="Column header (a narrow place): at most 28 characters"
            t`Rank`,
            t`Reward per trader`,
            t`Total for these ranks`,
            // lingui-reset
          ]}
        />
        <tbody>
          {c.prizePool.map((p) => {
            const from = p.rankFrom;
            const to = p.rankTo;
            return (
              <tr key={from}>
                <th scope="row">
                  {from === to ? t`Rank ${from}` : t`Ranks ${from}–${to}`}
                </th>
                <td>
                  <CoinAmount value={p.amount} coin={p.coin} locale={intl} />
                </td>
                <td>
                  <Amount
                    value={rangeTotal(p.amount, to - from + 1)}
                    coin={p.coin}
                    locale={intl}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t`Total prize pool`}
            </th>
            <td>
              <CoinAmount value={c.totalPool} coin={c.poolCoin} locale={intl} />
            </td>
          </tr>
        </tfoot>
      </table>
    </TableWrap>
  );
};

const Faq = () => {
  const { t } = useLingui();
  const items = [
    [
      t`How do I take part?`,
      t`Log in, press Join the competition, then trade USDT perpetual futures during the trading phase. Only trades made after you join count.`,
    ],
    [
      t`How is the ranking calculated?`,
      t`Traders are ranked by their return (PnL %) over the trading phase: realized and unrealized profit and loss divided by the futures account's value when they joined plus net deposits. A tie goes to the higher trading volume.`,
    ],
    [
      t`Why am I not on the leaderboard?`,
      t`The leaderboard lists the top 50 traders who reached the minimum volume, and it is updated regularly rather than live. Check that you joined and traded at least 10,000 USDT of futures volume.`,
    ],
    [
      t`When and how are rewards paid?`,
      t`After the result review, rewards are paid as trading vouchers into the winners' accounts within 7 days. Identity verification must be complete by then.`,
    ],
    [
      t`Can I join after the competition has started?`,
      t`Yes. You can join until the trading phase ends, but only trades made after you join count towards your return.`,
    ],
  ] as const;
  return <FaqList items={items} />;
};

const View = ({ c, locale }: { c: Competition; locale: Locale }) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const now = requestTime();
  const pool = formatAmount(c.totalPool, c.poolCoin, intl);
  const participants = formatDecimal(String(c.participants), intl);
  const best = c.leaderboard[0]?.pnlPercent ?? '0';
  const span = tradingWindow(c.phases, now);
  return (
    <>
      <div className="competition-hero">
        <div className="competition-hero-copy">
          <PageIntro routeId="competition" keyLabel={competitionYear(c.phases)}>
            <p className="big-number coin-amount">
              <CoinIcon base={imagesBase()} coin={c.poolCoin} />
              {t`Prize pool: ${pool}`}
            </p>
            <p className="muted">{t`${participants} traders taking part`}</p>
          </PageIntro>
          <StaticHtml as="div">
            <Schedule c={c} intl={intl} now={now} />
          </StaticHtml>
          <div
            className="join-island"
            {...JOIN_ISLAND.mark({
              name: c.name,
              lang: locale,
              open: span?.joinOpen ?? false,
            })}
          >
            <button
              type="button"
              className="button button-primary join-static"
              disabled
            >
              {t`Join the competition`}
            </button>
          </div>
        </div>
        <KeyVisual />
      </div>
      <StaticHtml as="div" className="detail-grid">
        <section className="card" aria-labelledby="prizes">
          <h2 id="prizes">{t`Rewards by rank`}</h2>
          <Prizes c={c} intl={intl} />
        </section>
        <section className="card" aria-labelledby="timeline">
          <h2 id="timeline">{t`Timeline`}</h2>
          <Timeline
            now={now}
            phases={c.phases}
            labels={PHASES}
            when={(p) => formatDateRange(p.startAt, p.endAt, intl)}
          />
        </section>
      </StaticHtml>
      <section className="section" aria-labelledby="leaderboard">
        <h2 id="leaderboard">{t`Leaderboard`}</h2>
        <p className="muted small">{t`Updated ${formatDateTime(c.updatedAt, intl)}`}</p>
        <TableWrap serverOnly label={t`Leaderboard`}>
          <table className="leaderboard">
            <ColumnHeaders
              columns={[
                // lingui-set comment="Column header (a narrow place): at most 28 characters"
                t`Rank`,
                t`Trader`,
                t`Return (PnL %)`,
                t`Volume (USDT)`,
                // lingui-reset
              ]}
            />
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
                      <span className="pnl-track" aria-hidden="true">
                        <span
                          className="pnl-bar"
                          style={{ width: `${barWidth(e.pnlPercent, best)}%` }}
                        />
                      </span>
                      <span className="num">
                        {formatPercent(e.pnlPercent, intl, 2, { signed: true })}
                      </span>
                    </span>
                  </td>
                  <td className="num">{formatCompact(e.volume, intl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </section>
      <StaticHtml as="div">
        <section className="section" aria-labelledby="rules">
          <h2 id="rules">{t`Rules`}</h2>
          <RuleList ids={c.rules} labels={RULES} />
        </section>
        <section className="section" aria-labelledby="faq">
          <h2 id="faq">{t`Frequently asked questions`}</h2>
          <Faq />
        </section>
      </StaticHtml>
    </>
  );
};

export default async function CompetitionPage({ locale }: PageProps) {
  const competition = await essential(() => getCompetition(locale));
  return <View c={competition} locale={locale} />;
}
