import { SandboxError } from './envelope.ts';
import type { Context, Request } from './handler.ts';
import { type Account, ACCOUNTS, type Coin, COINS } from './seed.ts';
import {
  formatAmount,
  getBalance,
  parseAmount,
  setBalance,
  type User,
} from './store.ts';

/** What more than one product area's handlers share: input checks, the session's user, balances. */

/** A string of at most `max` characters, or undefined. */
export const str = (value: unknown, max = 256): string | undefined =>
  typeof value === 'string' && value.length <= max ? value : undefined;

export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;

export const isAccount = (v: unknown): v is Account =>
  typeof v === 'string' && (ACCOUNTS as readonly string[]).includes(v);
export const isCoin = (v: unknown): v is Coin =>
  typeof v === 'string' && (COINS as readonly string[]).includes(v);

/** The session's user; NOT_LOGGED_IN without one. */
export const requireUser = (req: Request, ctx: Context): User => {
  const user = ctx.store.userBySession(req.sid);
  if (!user) throw new SandboxError('NOT_LOGGED_IN');
  return user;
};

export const balancesOf = (user: User) =>
  ACCOUNTS.map((account) => ({
    account,
    coins: COINS.map((coin) => ({
      coin,
      available: getBalance(user, account, coin),
    })),
  }));

/** Adds `units` to a balance (a negative number takes them); a balance never goes below zero. */
const adjust = (user: User, account: Account, coin: Coin, units: bigint) => {
  const available = parseAmount(getBalance(user, account, coin)) ?? 0n;
  if (available + units < 0n) throw new SandboxError('INSUFFICIENT_BALANCE');
  setBalance(user, account, coin, formatAmount(available + units));
};

export const debit = (
  user: User,
  account: Account,
  coin: Coin,
  units: bigint,
) => adjust(user, account, coin, -units);

export const credit = (
  user: User,
  account: Account,
  coin: Coin,
  units: bigint,
) => adjust(user, account, coin, units);
