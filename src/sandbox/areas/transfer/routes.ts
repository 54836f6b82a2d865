import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import {
  balancesOf,
  credit,
  debit,
  isAccount,
  isCoin,
  requireUser,
} from '../../ledger.ts';
import { formatAmount, parseAmount } from '../../store.ts';

/** features/transfer: the balances of every account type, and a transfer between two of them. */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/account/balances',
    handle((req, ctx) => ({
      result: { items: balancesOf(requireUser(req, ctx)) },
    })),
  )
  .post(
    '/account/transfer',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const { from, to, coin } = req.body;
      if (!isAccount(from) || !isAccount(to))
        throw new SandboxError('UNKNOWN_ACCOUNT');
      if (from === to) throw new SandboxError('SAME_ACCOUNT');
      if (!isCoin(coin)) throw new SandboxError('UNKNOWN_COIN');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, from, coin, units);
        credit(u, to, coin, units);
        state.transfers++;
        return {
          result: {
            id: `t-${state.transfers}`,
            from,
            to,
            coin,
            amount: formatAmount(units),
            balances: balancesOf(u),
          },
        };
      });
    }),
  );
