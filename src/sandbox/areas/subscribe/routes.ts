import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { balancesOf, debit, requireUser } from '../../ledger.ts';
import { formatAmount, parseAmount } from '../../store.ts';
import { PROJECTS } from '../launchpad/seed.ts';
import { SAVINGS } from '../savings/seed.ts';

/** features/subscribe: subscribing to a launchpad project (from SPOT USDT) or a savings product (from FUND). */
export const routes = new Hono<SandboxEnv>()
  .post(
    '/launchpad/projects/:id/subscribe',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const p = PROJECTS.find((x) => x.id === req.params.id);
      if (!p) throw new SandboxError('LAUNCHPAD_NOT_FOUND');
      if (p.state === 'delisted') throw new SandboxError('LAUNCHPAD_GONE');
      if (p.state !== 'ongoing') throw new SandboxError('LAUNCHPAD_NOT_OPEN');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      const min = parseAmount(p.minSubscription) ?? 0n;
      const max = parseAmount(p.maxSubscription) ?? 0n;
      if (units < min || units > max) throw new SandboxError('LAUNCHPAD_LIMIT');
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, 'ACCOUNT_TYPE_SPOT', 'USDT', units);
        state.subscriptions.push({
          email: u.email,
          kind: 'launchpad',
          target: p.id,
          coin: 'USDT',
          amount: formatAmount(units),
          at: new Date().toISOString(),
        });
        return {
          result: {
            projectId: p.id,
            amount: formatAmount(units),
            coin: 'USDT',
            balances: balancesOf(u),
          },
        };
      });
    }),
  )
  .post(
    '/savings/subscribe',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const product = SAVINGS.find((s) => s.id === req.body.productId);
      if (!product) throw new SandboxError('SAVINGS_NOT_FOUND');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      if (units < (parseAmount(product.minimum) ?? 0n))
        throw new SandboxError('SAVINGS_BELOW_MINIMUM');
      if (units > (parseAmount(product.quotaLeft) ?? 0n))
        throw new SandboxError('SAVINGS_QUOTA');
      const coin = product.coin;
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, 'ACCOUNT_TYPE_FUND', coin, units);
        state.subscriptions.push({
          email: u.email,
          kind: 'savings',
          target: product.id,
          coin,
          amount: formatAmount(units),
          at: new Date().toISOString(),
        });
        return {
          result: {
            productId: product.id,
            amount: formatAmount(units),
            coin,
            balances: balancesOf(u),
          },
        };
      });
    }),
  );
