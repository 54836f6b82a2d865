import { useEffect, useState } from 'react';
import * as v from 'valibot';

import {
  ACCOUNT_TYPES,
  COINS,
  type AccountType,
  type Coin,
} from '../config/constants.ts';
import { decimalSchema } from '../http/decimal-schema.ts';
import type { RequestClient } from '../http/index.ts';
import { useSignal } from './kernel.ts';
import { accountBalances, type Balances } from './store.ts';

/** The balances the transfer and subscribe dialogs show and update (spec §3, §7). */
export const balanceItemsSchema = v.array(
  v.object({
    account: v.picklist(ACCOUNT_TYPES),
    coins: v.array(
      v.object({ coin: v.picklist(COINS), available: decimalSchema }),
    ),
  }),
);
type BalanceItems = v.InferOutput<typeof balanceItemsSchema>;

const ZERO_BALANCES = (): Record<AccountType, Record<Coin, string>> =>
  Object.fromEntries(
    ACCOUNT_TYPES.map((account) => [
      account,
      Object.fromEntries(COINS.map((coin) => [coin, '0'])),
    ]),
  ) as Record<AccountType, Record<Coin, string>>;

/** The API's list of accounts and coins as one table, every missing balance zero. */
export const toBalances = (items: BalanceItems): Balances => {
  const table = ZERO_BALANCES();
  for (const { account, coins } of items)
    for (const { coin, available } of coins) table[account][coin] = available;
  return table;
};

export const fetchBalances = async (api: RequestClient): Promise<Balances> =>
  toBalances(
    (
      await api.get('/api/v1/account/balances', {
        schema: v.object({ items: balanceItemsSchema }),
      })
    ).items,
  );

/**
 * The balances a money dialog shows, asked for again when it opens (they may have changed in
 * another tab); `failed` when that answer did not come (the request client's toast said why).
 */
export const useFreshBalances = (api: RequestClient) => {
  const balances = useSignal(accountBalances, null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchBalances(api)
      .then((fresh) => {
        if (!controller.signal.aborted) accountBalances.set(fresh);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [api]);
  return { balances, setBalances: accountBalances.set, failed };
};
