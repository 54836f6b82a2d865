import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { balancesOf, credit, requireUser, str } from '../../ledger.ts';
import { formatAmount, parseAmount } from '../../store.ts';
import { SAVINGS, type SavingsTier } from './seed.ts';

const DAY_MS = 86_400_000;
const SCALE = 100_000_000n;

/**
 * Interest on `amount` over `days` days across the product's rate bands (simple interest, a
 * 365-day year), in 10⁻⁸ units, truncated: each band's rate applies to the part of the amount
 * inside the band.
 */
export const tieredInterest = (
  amount: bigint,
  tiers: readonly SavingsTier[],
  days: bigint,
): bigint => {
  let floor = 0n;
  let interest = 0n; // 10⁻¹⁶ units × days, divided once at the end
  for (const tier of tiers) {
    const top = tier.upTo === null ? amount : parseAmount(tier.upTo);
    if (top === undefined) break;
    const part = (amount < top ? amount : top) - floor;
    if (part > 0n) interest += part * (parseAmount(tier.apr) ?? 0n);
    if (amount <= top) break;
    floor = top;
  }
  return (interest * days) / (365n * SCALE);
};

/** A position's id: its subscription's place in the list (subscriptions are never removed). */
const POSITION_ID = /^(0|[1-9]\d{0,8})$/;

/**
 * features/savings: the products (subscribing: subscribe.ts), a trader's own savings and
 * redeeming a flexible one (its amount back to the FUND account, at once).
 */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/savings/products',
    handle(() => ({ result: { items: SAVINGS } })),
  )
  .get(
    '/savings/positions',
    handle((req, ctx) => {
      const user = requireUser(req, ctx);
      const now = Date.now();
      const items = ctx.store.state.subscriptions.flatMap((s, index) => {
        const product = SAVINGS.find((p) => p.id === s.target);
        const units = parseAmount(s.amount);
        // a position redeemed in full is gone
        if (
          s.email !== user.email ||
          s.kind !== 'savings' ||
          !product ||
          units === undefined ||
          units === 0n
        )
          return [];
        const since = Date.parse(s.at);
        // interest accrues for each whole day since the subscription, up to a fixed term's end
        const elapsed = BigInt(Math.max(0, Math.floor((now - since) / DAY_MS)));
        const term = BigInt(product.termDays);
        const days =
          product.kind === 'fixed' && elapsed > term ? term : elapsed;
        return [
          {
            positionId: String(index),
            productId: product.id,
            coin: product.coin,
            kind: product.kind,
            termDays: product.termDays,
            amount: formatAmount(units),
            subscribedAt: new Date(since).toISOString(),
            maturesAt:
              product.kind === 'fixed'
                ? new Date(since + product.termDays * DAY_MS).toISOString()
                : null,
            accrued: formatAmount(tieredInterest(units, product.tiers, days)),
            daily: formatAmount(tieredInterest(units, product.tiers, 1n)),
          },
        ];
      });
      return { result: { items } };
    }),
  )
  .post(
    '/savings/redeem',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const positionId = str(req.body.positionId, 9);
      const units = parseAmount(req.body.amount);
      if (positionId === undefined || !POSITION_ID.test(positionId))
        throw new SandboxError('INVALID_PARAMS');
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      return ctx.store.mutate((state) => {
        const index = Number(positionId);
        const position = state.subscriptions[index];
        const held = parseAmount(position?.amount);
        const product = SAVINGS.find((p) => p.id === position?.target);
        // someone else's position is no more found than one that does not exist
        if (
          !position ||
          position.email !== user.email ||
          position.kind !== 'savings' ||
          !product ||
          !held
        )
          throw new SandboxError('SAVINGS_POSITION_NOT_FOUND');
        if (product.kind !== 'flexible')
          throw new SandboxError('SAVINGS_NOT_REDEEMABLE');
        if (units > held) throw new SandboxError('SAVINGS_REDEEM_EXCEEDS');
        const u = state.users[user.email] ?? user;
        const coin = product.coin;
        credit(u, 'ACCOUNT_TYPE_FUND', coin, units);
        position.amount = formatAmount(held - units);
        return {
          result: {
            positionId,
            coin,
            amount: formatAmount(units),
            remaining: position.amount,
            balances: balancesOf(u),
          },
        };
      });
    }),
  );
