import * as v from 'valibot';

import { balanceItemsSchema, toBalances } from '../../lib/client/balances.ts';
import type { Balances } from '../../lib/client/store.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { RequestClient } from '../../lib/http/index.ts';

const subscribeSchema = v.object({
  amount: decimalSchema,
  balances: v.optional(balanceItemsSchema),
});

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
      schema: subscribeSchema,
    },
  );
  return result.balances ? toBalances(result.balances) : undefined;
};
