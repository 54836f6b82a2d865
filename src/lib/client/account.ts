import * as v from 'valibot';

import {
  ACCOUNT_TYPES,
  COINS,
  type AccountType,
  type Coin,
} from '../config/constants.ts';
import { ApiError, type RequestClient } from '../http/index.ts';
import type { Balances, UserInfo } from './store.ts';

/** The account endpoints the widgets call, with the schema of each answer (spec §3, §7). */
const decimalString = v.pipe(v.string(), v.regex(/^\d{1,30}(?:\.\d{1,18})?$/));

const userInfoSchema = v.object({
  uid: v.string(),
  email: v.string(),
  nickname: v.string(),
  vip: v.number(),
});

const balancesSchema = v.object({
  items: v.array(
    v.object({
      account: v.picklist(ACCOUNT_TYPES),
      coins: v.array(
        v.object({ coin: v.picklist(COINS), available: decimalString }),
      ),
    }),
  ),
});
type BalanceItems = v.InferOutput<typeof balancesSchema>['items'];

const sessionSchema = v.object({ email: v.string() });
const transferSchema = v.object({
  id: v.string(),
  amount: decimalString,
  items: v.optional(balancesSchema.entries.items),
  balances: v.optional(balancesSchema.entries.items),
});

/** ret_codes of the account endpoints (the sandbox's, and any API speaking the envelope). */
export const NOT_LOGGED_IN = 10008;
/** Login and sign-up failures shown inside the form, not as a toast. */
export const FORM_CODES = [
  10001, 10002, 10003, 10004, 10005, 10006, 10007,
] as const;

const ZERO_BALANCES = (): Record<AccountType, Record<Coin, string>> =>
  Object.fromEntries(
    ACCOUNT_TYPES.map((account) => [
      account,
      Object.fromEntries(COINS.map((coin) => [coin, '0'])),
    ]),
  ) as Record<AccountType, Record<Coin, string>>;

export const toBalances = (items: BalanceItems): Balances => {
  const table = ZERO_BALANCES();
  for (const { account, coins } of items)
    for (const { coin, available } of coins) table[account][coin] = available;
  return table;
};

/** The logged-in user, or null when the session is gone (NOT_LOGGED_IN is no error here). */
export const fetchUser = async (
  api: RequestClient,
): Promise<UserInfo | null> => {
  try {
    return await api.get('/api/v1/user/info', {
      schema: userInfoSchema,
      skipErrorToast: { codes: [NOT_LOGGED_IN] },
    });
  } catch (error) {
    if (error instanceof ApiError && error.retCode === NOT_LOGGED_IN)
      return null;
    throw error;
  }
};

export const fetchBalances = async (api: RequestClient): Promise<Balances> =>
  toBalances(
    (await api.get('/api/v1/account/balances', { schema: balancesSchema }))
      .items,
  );

export const login = (
  api: RequestClient,
  body: { email: string; password: string },
) =>
  api.post('/api/v1/user/login', {
    body,
    schema: sessionSchema,
    skipErrorToast: { codes: [...FORM_CODES] },
  });

export const register = (
  api: RequestClient,
  body: { email: string; password: string },
) =>
  api.post('/api/v1/user/register', {
    body,
    schema: sessionSchema,
    skipErrorToast: { codes: [...FORM_CODES] },
  });

export const logout = (api: RequestClient) =>
  api.post('/api/v1/user/logout', {
    schema: v.object({ ok: v.boolean() }),
  });

export type TransferOrder = {
  readonly from: AccountType;
  readonly to: AccountType;
  readonly coin: Coin;
  /** Canonical decimal string, at most 8 decimals. */
  readonly amount: string;
};

/** Moves coins between two of the person's accounts; resolves with the new balances. */
export const transfer = async (
  api: RequestClient,
  order: TransferOrder,
): Promise<{ id: string; amount: string; balances: Balances | undefined }> => {
  const result = await api.post('/api/v1/account/transfer', {
    body: order,
    schema: transferSchema,
  });
  const items = result.balances ?? result.items;
  return {
    id: result.id,
    amount: result.amount,
    balances: items ? toBalances(items) : undefined,
  };
};

/** Subscribes to a savings product or a launchpad project; resolves with the new balances. */
export const subscribe = async (
  api: RequestClient,
  order: { kind: 'savings' | 'launchpad'; target: string; amount: string },
): Promise<Balances | undefined> => {
  const result = await api.post(
    order.kind === 'savings'
      ? '/api/v1/savings/subscribe'
      : `/api/v1/launchpad/projects/${encodeURIComponent(order.target)}/subscribe`,
    {
      body:
        order.kind === 'savings'
          ? { productId: order.target, amount: order.amount }
          : { amount: order.amount },
      schema: v.object({
        amount: decimalString,
        balances: v.optional(balancesSchema.entries.items),
      }),
    },
  );
  return result.balances ? toBalances(result.balances) : undefined;
};
