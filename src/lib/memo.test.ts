import type * as LruCacheModule from 'lru-cache';
import { describe, expect, it, vi } from 'vitest';

import { formatDecimal, formatPercent } from './format/decimal.ts';
import { createTextMemo } from './memo.ts';

describe('createTextMemo', () => {
  it('formats a key once and answers it from memory after that', () => {
    const memo = createTextMemo(10);
    let calls = 0;
    const format = () => `text ${++calls}`;
    expect(memo('a', format)).toBe('text 1');
    expect(memo('a', format)).toBe('text 1');
    expect(memo('b', format)).toBe('text 2');
    expect(calls).toBe(2);
  });

  it('holds at most `max` entries: past them the least recently used key is formatted again', () => {
    const memo = createTextMemo(3);
    let calls = 0;
    const format = () => String(++calls);
    for (const key of ['a', 'b', 'c']) memo(key, format);
    expect(memo('a', format)).toBe('1');
    memo('d', format); // full: b, the least recently used, is forgotten
    expect(memo('a', format)).toBe('1');
    expect(memo('c', format)).toBe('3');
    expect(memo('b', format)).toBe('5');
    expect(calls).toBe(5);
  });
});

describe('formatted decimals from memory', () => {
  it('keeps locale, options and value apart', () => {
    expect(formatDecimal('1234.5678', 'en')).toBe('1,234.5678');
    expect(formatDecimal('1234.5678', 'de-DE')).toBe('1.234,5678');
    expect(formatDecimal('1234.5678', 'en', { maxDecimals: 2 })).toBe(
      '1,234.56',
    );
    expect(formatDecimal('1234.5678', 'en', { grouping: false })).toBe(
      '1234.5678',
    );
    expect(formatDecimal('1234.5678', 'en')).toBe('1,234.5678');
    expect(formatPercent('0.0525', 'en')).toBe('5.25%');
    expect(formatPercent('0.0525', 'en', 1)).toBe('5.2%');
    expect(formatPercent('0.0525', 'en', 2, { signed: true })).toBe('+5.25%');
    expect(formatPercent('0.0525', 'en')).toBe('5.25%');
  });

  it('still refuses what is not a decimal string', () => {
    expect(formatDecimal('1e-7', 'en')).toBe('—');
    expect(formatDecimal('9'.repeat(101), 'en')).toBe('—');
    expect(formatPercent('abc', 'en')).toBe('—');
  });
});

describe('a memo is made on first use', () => {
  it('makes no lru-cache until it is asked (the module that declares it may never ask)', async () => {
    const made: number[] = [];
    vi.resetModules();
    vi.doMock('lru-cache', async (original) => {
      const real = await original<typeof LruCacheModule>();
      return {
        LRUCache: class extends real.LRUCache<string, string> {
          constructor(options: { max: number }) {
            super(options);
            made.push(options.max);
          }
        },
      };
    });
    try {
      const { createTextMemo: fresh } = await import('./memo.ts');
      const memo = fresh(5000);
      expect(made).toEqual([]);
      expect(memo('a', () => 'A')).toBe('A');
      expect(memo('a', () => 'B')).toBe('A');
      expect(made).toEqual([5000]);
    } finally {
      vi.doUnmock('lru-cache');
    }
  });
});
