'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { useClientApi } from '../../lib/client/api.ts';
import { useSignal, user as currentUser } from '../../lib/client/kernel.ts';
import { accountBalances } from '../../lib/client/store.ts';
import { useIslands } from '../../lib/client/use-islands.ts';
import { formatDateTime } from '../../lib/format/date.ts';
import { formatAmount, formatDecimal } from '../../lib/format/decimal.ts';
import { AmountFact, Fact } from './fact.tsx';
import {
  fetchMyCommitment,
  MINE_ISLAND,
  TOTAL_ATTRIBUTE,
  type MineMark,
  type MyCommitment,
} from './mine-api.ts';

/**
 * Brings the page's "Committed so far" and "Participants" up to date with the totals the
 * trader's own answer carries: the page may be a cached copy from before their subscription.
 * The figures sit in server-only HTML (React never renders them again), so their text is set.
 */
const showTotals = (
  totals: NonNullable<MyCommitment['totals']>,
  mark: MineMark,
) => {
  const texts: Record<string, string> = {
    raised: formatAmount(totals.raised, mark.coin, mark.locale, {
      maxDecimals: 2,
    }),
    participants: formatDecimal(String(totals.participants), mark.locale),
  };
  for (const element of document.querySelectorAll(`[${TOTAL_ATTRIBUTE}]`)) {
    const text = texts[element.getAttribute(TOTAL_ATTRIBUTE) ?? ''];
    if (text !== undefined && element.textContent !== text)
      element.textContent = text;
  }
};

/** A trader's own commitment to the launch (nothing for a guest, so guest HTML stays the same). */
const Mine = ({ mark }: { mark: MineMark }) => {
  const { t } = useLingui();
  const api = useClientApi();
  const user = useSignal(currentUser, 'unknown');
  // a subscription changes the balances: the commitment is read again then
  const balances = useSignal(accountBalances, null);
  const [mine, setMine] = useState<MyCommitment | null>(null);
  const loggedIn = user !== null && user !== 'unknown';
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    fetchMyCommitment(api, mark.id).then(
      (answer) => {
        if (!live) return;
        setMine(answer);
        if (answer.totals) showTotals(answer.totals, mark);
      },
      () => undefined, // the request client has shown the error
    );
    return () => {
      live = false;
    };
  }, [api, mark, loggedIn, balances]);
  if (!loggedIn || !mine) return null;
  return (
    <section className="card launch-mine" aria-labelledby="launch-mine">
      <h2 id="launch-mine">{t`My subscription`}</h2>
      {mine.subscriptions === 0 ? (
        <p className="muted">{t`You have not committed to this launch yet.`}</p>
      ) : (
        <dl className="facts">
          <AmountFact
            label={t`My commitment`}
            value={mine.committed}
            coin={mine.coin}
            locale={mark.locale}
          />
          <Fact label={t`Subscriptions`}>{mine.subscriptions}</Fact>
          <AmountFact
            label={t`Estimated allocation`}
            value={mine.estimatedTokens}
            coin={mark.token}
            locale={mark.locale}
            maxDecimals={4}
          />
          {mine.lastAt ? (
            <Fact label={t`Last commitment`}>
              {formatDateTime(mine.lastAt, mark.locale)}
            </Fact>
          ) : null}
        </dl>
      )}
    </section>
  );
};

/**
 * The launchpad's part of the widgets chunk (its countdowns tick with every other, by the
 * shell's Countdowns): renders a logged-in trader's commitment into the project page's mark.
 * Client navigations bring new marks: the page is watched.
 */
export const FeatureWidgets = () =>
  useIslands(MINE_ISLAND).map((island) =>
    createPortal(<Mine mark={island.props} />, island.mount, island.props.id),
  );
