import { describe, expect, it } from 'vitest';

import { MARKET_TICK_MS, marketSnapshot, SPARKLINE_POINTS } from './markets.ts';
import { TICKERS } from './seed.ts';

const AT = Date.UTC(2026, 10, 24, 18, 0, 3);

describe('marketSnapshot', () => {
  it('is a pure function of the time bucket', () => {
    expect(marketSnapshot(AT)).toEqual(marketSnapshot(AT + 1));
    const bucket = Math.floor(AT / MARKET_TICK_MS) * MARKET_TICK_MS;
    expect(marketSnapshot(AT).updatedAt).toBe(bucket);
    expect(marketSnapshot(bucket + MARKET_TICK_MS - 1)).toEqual(
      marketSnapshot(bucket),
    );
  });

  it('moves every price from one bucket to the next', () => {
    for (let k = 0; k < 500; k++) {
      const now = marketSnapshot(AT + k * MARKET_TICK_MS).items;
      const next = marketSnapshot(AT + (k + 1) * MARKET_TICK_MS).items;
      for (const [i, t] of now.entries())
        expect(next[i]?.last, `${t.symbol} at bucket ${k}`).not.toBe(t.last);
    }
  });

  it('agrees with itself: symbol, 24 h range, change and sparkline', () => {
    for (const at of [AT, AT + 7 * 3_600_000, AT + 13 * 86_400_000]) {
      const { items } = marketSnapshot(at);
      expect(items.map((t) => t.symbol)).toEqual(TICKERS.map((t) => t.symbol));
      for (const t of items) {
        expect(t.symbol).toBe(`${t.base}${t.quote}`);
        expect(t.sparkline).toHaveLength(SPARKLINE_POINTS);
        expect(t.sparkline.at(-1)).toBe(t.last);
        const values = t.sparkline.map(Number);
        expect(Number(t.high24h)).toBe(Math.max(...values));
        expect(Number(t.low24h)).toBe(Math.min(...values));
        const first = values[0] ?? 0;
        expect(Number(t.change24h)).toBeCloseTo(Number(t.last) / first - 1, 4);
        for (const field of [t.last, t.change24h, t.volume24h, t.high24h])
          expect(field).toMatch(/^-?\d+(?:\.\d+)?$/);
        expect(t.change24h).not.toMatch(/^-0\.0+$/);
      }
    }
  });

  it('keeps prices near their seed anchors (a few per cent)', () => {
    for (let k = 0; k < 48; k++) {
      const { items } = marketSnapshot(AT + k * 1_800_000);
      for (const [i, t] of items.entries()) {
        const anchor = Number(TICKERS[i]?.last);
        expect(Math.abs(Number(t.last) / anchor - 1)).toBeLessThan(0.05);
      }
    }
  });
});
