import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { redeemSchema } from './api.ts';

const answer = {
  positionId: '3',
  coin: 'USDT',
  amount: '400.50000000',
  remaining: '2099.50000000',
};

describe('redeemSchema', () => {
  it('takes the sandbox answer, with or without balances', () => {
    expect(v.parse(redeemSchema, answer)).toEqual(answer);
    const balances = [
      {
        account: 'ACCOUNT_TYPE_FUND',
        coins: [{ coin: 'USDT', available: '10.00000000' }],
      },
    ];
    expect(v.parse(redeemSchema, { ...answer, balances }).balances).toEqual(
      balances,
    );
  });

  it.each([
    ['an amount that is no decimal', { ...answer, amount: '1e3' }],
    ['a negative remainder', { ...answer, remaining: '-1' }],
    ['a number for an amount', { ...answer, amount: 400.5 }],
    ['no position id', { coin: 'USDT', amount: '1', remaining: '0' }],
    ['a position id too long', { ...answer, positionId: '1'.repeat(17) }],
  ])('refuses %s', (_name, value) => {
    expect(v.safeParse(redeemSchema, value).success).toBe(false);
  });
});
