import * as v from 'valibot';

import {
  ACCOUNT_TYPES,
  COINS,
  type AccountType,
  type Coin,
} from '../config/constants.ts';
import { decimalSchema } from '../http/decimal-schema.ts';
import type { RequestClient } from '../http/index.ts';
import type { Balances } from './store.ts';

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
