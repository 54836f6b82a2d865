import * as v from 'valibot';

import { balanceItemsSchema, toBalances } from '../../lib/client/balances.ts';
import type { Balances } from '../../lib/client/store.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { RequestClient } from '../../lib/http/index.ts';

/** `POST /savings/redeem`: what was redeemed, what stays in the position, the new balances. */
export const redeemSchema = v.object({
  positionId: v.pipe(v.string(), v.maxLength(16)),
  coin: v.pipe(v.string(), v.maxLength(16)),
  amount: decimalSchema,
  remaining: decimalSchema,
  balances: v.optional(balanceItemsSchema),
});

export type Redemption = {
  readonly amount: string;
  readonly remaining: string;
  readonly balances: Balances | undefined;
};

/** Redeems `amount` of a flexible savings position; the coins go back to the FUND account. */
export const redeem = async (
  api: RequestClient,
  order: { positionId: string; amount: string },
): Promise<Redemption> => {
  const result = await api.post('/api/v1/savings/redeem', {
    body: { positionId: order.positionId, amount: order.amount },
    schema: redeemSchema,
  });
  return {
    amount: result.amount,
    remaining: result.remaining,
    balances: result.balances ? toBalances(result.balances) : undefined,
  };
};
