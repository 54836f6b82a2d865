import { describe, expect, it } from 'vitest';

import {
  ACCOUNT_TYPES,
  COINS,
  isAccountType,
  isCoin,
  stripBrokerPrefix,
} from './constants.ts';

describe('the coin and account vocabulary', () => {
  it('type guards accept exactly their lists', () => {
    for (const coin of COINS) expect(isCoin(coin)).toBe(true);
    for (const type of ACCOUNT_TYPES) expect(isAccountType(type)).toBe(true);
    for (const value of [
      'usdt',
      'DOGE',
      '',
      null,
      undefined,
      1,
      {},
      'toString',
    ]) {
      expect(isCoin(value)).toBe(false);
      expect(isAccountType(value)).toBe(false);
    }
  });

  it('strips the broker prefix only at the start', () => {
    expect(stripBrokerPrefix('B_BTCUSDT')).toBe('BTCUSDT');
    expect(stripBrokerPrefix('BTCUSDT')).toBe('BTCUSDT');
    expect(stripBrokerPrefix('b_BTC')).toBe('b_BTC');
    expect(stripBrokerPrefix('XB_BTC')).toBe('XB_BTC');
    expect(stripBrokerPrefix('B_')).toBe('');
  });
});
