/** The type guard of a string vocabulary: whether a value is one of `values`. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

/** The coins the site deals in (spec §3); the account types follow. */
export const COINS = ['USDT', 'BTC', 'ETH', 'EOS', 'XRP'] as const;
export type Coin = (typeof COINS)[number];
export const isCoin = oneOf(COINS);

/**
 * Decimals a figure derived from a rate (an estimate, interest) is shown with: a coin's
 * display precision, what a holder of it counts in (cents of a dollar for USDT, satoshis for
 * BTC; ETH, EOS and XRP as exchanges quote their balances). Amounts the API states (balances,
 * limits) keep their own decimals.
 */
const COIN_DISPLAY_DECIMALS: Readonly<Record<Coin, number>> = {
  USDT: 2,
  BTC: 8,
  ETH: 6,
  EOS: 4,
  XRP: 4,
};

/** A coin's display precision; a coin the site does not know: the default 8 decimals. */
export const displayDecimals = (coin: string): number =>
  isCoin(coin) ? COIN_DISPLAY_DECIMALS[coin] : 8;

export const ACCOUNT_TYPES = [
  'ACCOUNT_TYPE_CONTRACT',
  'ACCOUNT_TYPE_COPYTRADING',
  'ACCOUNT_TYPE_FUND',
  'ACCOUNT_TYPE_SPOT',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const isAccountType = oneOf(ACCOUNT_TYPES);
