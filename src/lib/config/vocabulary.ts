/** The type guard of a string vocabulary: whether a value is one of `values`. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

/** The coins the site deals in (spec §3); the account types follow. */
export const COINS = ['USDT', 'BTC', 'ETH', 'EOS', 'XRP'] as const;
export type Coin = (typeof COINS)[number];
export const isCoin = oneOf(COINS);

export const ACCOUNT_TYPES = [
  'ACCOUNT_TYPE_CONTRACT',
  'ACCOUNT_TYPE_COPYTRADING',
  'ACCOUNT_TYPE_FUND',
  'ACCOUNT_TYPE_SPOT',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const isAccountType = oneOf(ACCOUNT_TYPES);
