import { describe, expect, it } from 'vitest';

import { RETRY_STATUSES } from '../http/client.ts';
import {
  ACCOUNT_TYPES,
  COINS,
  COOKIE_TIMER_CAP_MS,
  HTTP_TIMEOUT_MS,
  LOADING_BAR,
  LOCALE_COOKIE,
  QUERY_LIMITS,
  isAccountType,
  isCoin,
  stripBrokerPrefix,
} from './constants.ts';

describe('constants', () => {
  it('hold the values of spec §9', () => {
    expect(HTTP_TIMEOUT_MS).toBe(15_000);
    expect([...RETRY_STATUSES]).toEqual([
      408, 409, 425, 429, 500, 502, 503, 504,
    ]);
    expect(QUERY_LIMITS).toEqual({
      depth: 5,
      arrayLimit: 20,
      parameterLimit: 1000,
    });
    expect(COOKIE_TIMER_CAP_MS).toBe(2 ** 31 - 1);
    expect(LOCALE_COOKIE).toEqual({
      name: 'i18n_redirected',
      maxAgeDays: 365,
      path: '/',
      sameSite: 'lax',
    });
    expect(LOADING_BAR).toEqual({
      height: 3,
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
    });
  });

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
