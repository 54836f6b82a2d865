import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../handler.ts';
import { requireUser } from '../ledger.ts';
import { SAVINGS, type SavingsTier } from '../seed.ts';
import { formatAmount, parseAmount } from '../store.ts';

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

/** features/savings: the products (subscribing: subscribe.ts) and a trader's own savings. */
export const savingsRoutes = new Hono<SandboxEnv>()
  .get(
    '/savings/products',
    handle(() => ({ result: { items: SAVINGS } })),
  )
  .get(
    '/savings/positions',
    handle((req, ctx) => {
      const user = requireUser(req, ctx);
      const now = Date.now();
      const items = ctx.store.state.subscriptions.flatMap((s) => {
        const product = SAVINGS.find((p) => p.id === s.target);
        const units = parseAmount(s.amount);
        if (
          s.email !== user.email ||
          s.kind !== 'savings' ||
          !product ||
          units === undefined
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
  );
