import * as v from 'valibot';

import { balanceItemsSchema, toBalances } from '../../lib/client/balances.ts';
import type { Balances } from '../../lib/client/store.ts';
import type { AccountType, Coin } from '../../lib/config/constants.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { RequestClient } from '../../lib/http/index.ts';

/** The transfer endpoint's answer (spec §3): older APIs name the new balances `items`. */
const transferSchema = v.object({
  id: v.string(),
  amount: decimalSchema,
  items: v.optional(balanceItemsSchema),
  balances: v.optional(balanceItemsSchema),
});

export type TransferOrder = {
  readonly from: AccountType;
  readonly to: AccountType;
  readonly coin: Coin;
  /** Canonical decimal string, at most 8 decimals. */
  readonly amount: string;
};

/** Moves coins between two of the person's accounts; resolves with the new balances. */
export const transfer = async (
  api: RequestClient,
  order: TransferOrder,
): Promise<{ id: string; amount: string; balances: Balances | undefined }> => {
  const result = await api.post('/api/v1/account/transfer', {
    body: order,
    schema: transferSchema,
  });
  const items = result.balances ?? result.items;
  return {
    id: result.id,
    amount: result.amount,
    balances: items ? toBalances(items) : undefined,
  };
};
