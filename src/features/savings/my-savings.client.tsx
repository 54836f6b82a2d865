'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import * as v from 'valibot';

import { Amount } from '../../components/amount.tsx';
import { getLocaleEntry } from '../../i18n/locales.ts';
import { useClientApi } from '../../lib/client/api.ts';
import { useSignal, user as currentUser } from '../../lib/client/kernel.ts';
import {
  accountBalances,
  openLogin,
  openRedeem,
} from '../../lib/client/store.ts';
import { isCoin } from '../../lib/config/constants.ts';
import { formatDate } from '../../lib/format/date.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { MySavingsIslandProps } from './island.ts';
import { redeemLabel, SAVINGS_LABELS } from './labels.client.ts';

const positionsSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        positionId: v.pipe(v.string(), v.maxLength(16)),
        productId: v.string(),
        coin: v.string(),
        kind: v.picklist(['flexible', 'fixed']),
        termDays: v.number(),
        amount: decimalSchema,
        subscribedAt: v.string(),
        maturesAt: v.nullable(v.string()),
        accrued: decimalSchema,
        daily: decimalSchema,
      }),
    ),
    v.maxLength(1000),
  ),
});
type Position = v.InferOutput<typeof positionsSchema>['items'][number];

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; items: Position[] };

/**
 * "My savings" (the island's chunk): a logged-in trader's subscriptions — product, amount,
 * interest earned so far, daily interest, since when and until when — read with their session
 * from the API and read again after each subscription (the balances change then). A guest keeps
 * the server's prompt, with a Log in button that works once the widgets are here.
 */
export default function MySavings({
  locale,
  names,
  onShown,
}: MySavingsIslandProps & {
  /** true hides the server's guest prompt (a trader's savings are shown instead). */
  onShown: (shown: boolean) => void;
}) {
  const { i18n } = useLingui();
  const api = useClientApi();
  const user = useSignal(currentUser, 'unknown');
  const balances = useSignal(accountBalances, null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loggedIn = user !== null && user !== 'unknown';
  const intl = getLocaleEntry(locale).intl;

  useLayoutEffect(() => onShown(loggedIn), [loggedIn, onShown]);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    api
      .get('/api/v1/savings/positions', { schema: positionsSchema })
      .then((result) => {
        if (live) setLoad({ state: 'ready', items: result.items });
      })
      .catch(() => {
        if (live) setLoad({ state: 'failed' });
      });
    return () => {
      live = false;
    };
    // balances change after a subscription: the savings are read again then
  }, [api, loggedIn, balances, attempt]);

  if (user === 'unknown') return null;
  if (!loggedIn)
    return (
      <Button
        className="button button-small"
        onPress={() => openLogin('login')}
      >
        {i18n._(SAVINGS_LABELS.logIn)}
      </Button>
    );
  if (load.state === 'loading')
    return <p className="muted">{i18n._(SAVINGS_LABELS.loading)}</p>;
  if (load.state === 'failed')
    return (
      <p role="alert">
        {i18n._(SAVINGS_LABELS.failed)}{' '}
        <Button
          className="button button-small"
          onPress={() => setAttempt((n) => n + 1)}
        >
          {i18n._(SAVINGS_LABELS.retry)}
        </Button>
      </p>
    );
  if (load.items.length === 0)
    return <p className="muted">{i18n._(SAVINGS_LABELS.empty)}</p>;
  return (
    <div
      className="table-wrap"
      role="region"
      aria-label={i18n._(SAVINGS_LABELS.tableLabel)}
      tabIndex={0}
    >
      <table className="my-savings-table">
        <thead>
          <tr>
            <th scope="col">{i18n._(SAVINGS_LABELS.product)}</th>
            <th scope="col">{i18n._(SAVINGS_LABELS.subscribed)}</th>
            <th scope="col">{i18n._(SAVINGS_LABELS.earned)}</th>
            <th scope="col">{i18n._(SAVINGS_LABELS.dailyEarned)}</th>
            <th scope="col">{i18n._(SAVINGS_LABELS.since)}</th>
            <th scope="col">{i18n._(SAVINGS_LABELS.matures)}</th>
          </tr>
        </thead>
        <tbody>
          {load.items.map((item) => {
            const name = names[item.productId] ?? item.productId;
            const coin = item.coin;
            return (
              <tr key={item.positionId}>
                <th scope="row">{name}</th>
                <td>
                  <Amount value={item.amount} coin={item.coin} locale={intl} />
                </td>
                <td className="up">
                  <Amount value={item.accrued} coin={item.coin} locale={intl} />
                </td>
                <td>
                  <Amount value={item.daily} coin={item.coin} locale={intl} />
                </td>
                <td>{formatDate(item.subscribedAt, intl)}</td>
                <td>
                  {item.maturesAt ? (
                    formatDate(item.maturesAt, intl)
                  ) : (
                    <span className="redeem-cell">
                      {i18n._(SAVINGS_LABELS.redeemAnyTime)}
                      {isCoin(coin) ? (
                        <Button
                          className="button button-small"
                          aria-label={i18n._(redeemLabel(name))}
                          onPress={() =>
                            openRedeem({
                              positionId: item.positionId,
                              name,
                              coin,
                              held: item.amount,
                            })
                          }
                        >
                          {i18n._(SAVINGS_LABELS.redeem)}
                        </Button>
                      ) : null}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
