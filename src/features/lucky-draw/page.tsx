import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
import { ColumnHeaders } from '../../components/column-headers.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatDateRange,
  formatAmount,
  formatDateTime,
  formatDecimal,
  formatPercent,
} from '../../lib/format/index.ts';
import { PageStatusError } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { lookupDraw, type LuckyDraw } from './api.ts';
import { DrawButton, type PrizeText } from './draw-button.client.tsx';
import { DRAW_NAMES } from './labels.ts';

const PRIZE_LABELS: Record<string, ReturnType<typeof msg>> = {
  grand: msg`Grand prize`,
  first: msg`First prize`,
  second: msg`Second prize`,
  third: msg`Third prize`,
  consolation: msg`Lucky prize`,
};

type DrawState = 'upcoming' | 'ongoing' | 'ended';
const stateOf = (draw: LuckyDraw, now = Date.now()): DrawState =>
  now < Date.parse(draw.startAt)
    ? 'upcoming'
    : now > Date.parse(draw.endAt)
      ? 'ended'
      : 'ongoing';

/** The draw action while the draw runs; before and after, when it opens or that it closed. */
const DrawAction = ({ draw, locale }: { draw: LuckyDraw; locale: Locale }) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const state = stateOf(draw);
  if (state === 'upcoming') {
    const opens = formatDateTime(draw.startAt, intl);
    return (
      <p className="result result-invalid">{t`Draws open on ${opens}.`}</p>
    );
  }
  if (state === 'ended')
    return (
      <p className="result result-invalid">{t`This lucky draw has ended. Thank you for taking part.`}</p>
    );
  const prizes: Record<string, PrizeText> = Object.fromEntries(
    draw.prizes.map((prize) => {
      const label = PRIZE_LABELS[prize.id];
      return [
        prize.id,
        {
          label: label ? i18n._(label) : prize.id,
          reward: formatAmount(prize.amount, prize.coin, intl),
        },
      ];
    }),
  );
  return <DrawButton name={draw.name} lang={locale} prizes={prizes} />;
};

const DrawView = ({ draw, locale }: { draw: LuckyDraw; locale: Locale }) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const name = DRAW_NAMES[draw.name];
  const chances = draw.chancesPerUser;
  return (
    <>
      <PageIntro
        routeId="lucky-draw"
        keyLabel={name ? i18n._(name) : draw.name}
        action={<DrawAction draw={draw} locale={locale} />}
      >
        <p className="muted">
          {formatDateRange(draw.startAt, draw.endAt, intl)}
        </p>
        <p>
          {t`${plural(chances, {
            one: 'Every verified account gets # draw. Log in to use it.',
            other: 'Every verified account gets # draws. Log in to use yours.',
          })}`}
        </p>
      </PageIntro>
      <section className="section" aria-labelledby="prizes">
        <h2 id="prizes">{t`Prizes`}</h2>
        <TableWrap serverOnly label={t`Prizes`}>
          <table>
            <ColumnHeaders
              columns={[
                // lingui-set comment="Column header (a narrow place): at most 28 characters"
                t`Prize`,
                t`Reward`,
                t`Chance`,
                t`Left`,
                // lingui-reset
              ]}
            />
            <tbody>
              {draw.prizes.map((prize) => {
                const label = PRIZE_LABELS[prize.id];
                return (
                  <tr key={prize.id}>
                    <th scope="row">{label ? i18n._(label) : prize.id}</th>
                    <td>
                      <Amount
                        value={prize.amount}
                        coin={prize.coin}
                        locale={intl}
                      />
                    </td>
                    <td>{formatPercent(prize.probability, intl, 1)}</td>
                    <td>{formatDecimal(String(prize.remaining), intl)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      </section>
      <section className="section" aria-labelledby="winners">
        <h2 id="winners">{t`Recent winners`}</h2>
        <ul className="winners">
          {draw.results.map((r, i) => {
            const label = PRIZE_LABELS[r.prizeId];
            return (
              <li key={`${r.user}-${i}`}>
                <span className="mono">{r.user}</span>{' '}
                {label ? i18n._(label) : r.prizeId}{' '}
                <span className="muted small">
                  {formatDateTime(r.at, intl)}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
};

export default async function LuckyDrawPage({ locale, routeKey }: PageProps) {
  const draw = await lookupDraw(routeKey ?? '', locale);
  if (!draw) throw new PageStatusError(404, 'Not Found');
  return <DrawView draw={draw} locale={locale} />;
}
