import { describe, expect, it } from 'vitest';

import { formatAmount } from '../format/decimal.ts';
import { COINS, displayDecimals } from './vocabulary.ts';

describe('displayDecimals', () => {
  it('gives every coin of the site its display precision', () => {
    expect(COINS.map((coin) => [coin, displayDecimals(coin)])).toEqual([
      ['USDT', 2],
      ['BTC', 8],
      ['ETH', 6],
      ['EOS', 4],
      ['XRP', 4],
    ]);
    // a coin the site does not know keeps the default 8 decimals
    expect(displayDecimals('DOGE')).toBe(8);
  });

  it('shows a savings estimate as a reader counts it, truncated', () => {
    const places = { maxDecimals: displayDecimals('USDT') };
    expect(formatAmount('0.79452054', 'USDT', 'en', places)).toBe(
      '0.79\u00a0USDT',
    );
    expect(formatAmount('0.79952054', 'USDT', 'de-DE', places)).toBe(
      '0,79\u00a0USDT',
    );
    expect(
      formatAmount('0.000123456789', 'BTC', 'en', {
        maxDecimals: displayDecimals('BTC'),
      }),
    ).toBe('0.00012345\u00a0BTC');
  });
});
