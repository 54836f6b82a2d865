/** Whether `value` is one of `values` (a type guard for string vocabularies). */
export const includes = <T extends string>(
  values: readonly T[],
  value: unknown,
): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** The coins the site deals in (spec §3); the account types follow. */
export const COINS = ['USDT', 'BTC', 'ETH', 'EOS', 'XRP'] as const;
export type Coin = (typeof COINS)[number];
export const isCoin = (value: unknown): value is Coin => includes(COINS, value);

export const ACCOUNT_TYPES = [
  'ACCOUNT_TYPE_CONTRACT',
  'ACCOUNT_TYPE_COPYTRADING',
  'ACCOUNT_TYPE_FUND',
  'ACCOUNT_TYPE_SPOT',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const isAccountType = (value: unknown): value is AccountType =>
  includes(ACCOUNT_TYPES, value);
