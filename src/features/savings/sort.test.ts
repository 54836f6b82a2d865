import { describe, expect, it } from 'vitest';

import { nextSort, parseSort, sortParam, sortProducts } from './sort.ts';

const P = [
  { id: 'a', coin: 'USDT', apr: '0.08', termDays: 0, quotaLeft: '2500000' },
  { id: 'b', coin: 'BTC', apr: '0.032', termDays: 90, quotaLeft: '45.5' },
  { id: 'c', coin: 'ETH', apr: '0.0445', termDays: 60, quotaLeft: '640' },
  { id: 'd', coin: 'BTC', apr: '0.015', termDays: 0, quotaLeft: '120' },
  { id: 'e', coin: 'XRP', apr: '0.08', termDays: 14, quotaLeft: '1500000' },
];
const ids = (list: readonly { id: string }[]) => list.map((p) => p.id).join('');

describe('parseSort', () => {
  it('reads column-direction', () => {
    expect(parseSort('apr-desc')).toEqual({ column: 'apr', direction: 'desc' });
    expect(parseSort('quota-asc')).toEqual({
      column: 'quota',
      direction: 'asc',
    });
  });
  it.each([
    null,
    undefined,
    '',
    'apr',
    'APR-desc',
    'apr-up',
    'name-asc',
    'apr-desc ',
  ])('ignores %j', (value) => {
    expect(parseSort(value)).toBeUndefined();
  });
  it('round-trips', () => {
    expect(sortParam({ column: 'term', direction: 'asc' })).toBe('term-asc');
  });
});

describe('sortProducts', () => {
  it('keeps the API order without an order', () => {
    expect(ids(sortProducts(P, undefined))).toBe('abcde');
  });
  it('sorts by APR exactly, ties in the API order', () => {
    expect(ids(sortProducts(P, parseSort('apr-desc')))).toBe('aecbd');
    expect(ids(sortProducts(P, parseSort('apr-asc')))).toBe('dbcae');
  });
  it('sorts by term, coin and quota left', () => {
    expect(ids(sortProducts(P, parseSort('term-asc')))).toBe('adecb');
    expect(ids(sortProducts(P, parseSort('coin-asc')))).toBe('bdcae');
    expect(ids(sortProducts(P, parseSort('quota-desc')))).toBe('aecdb');
  });
  it('does not change its input', () => {
    sortProducts(P, parseSort('coin-desc'));
    expect(ids(P)).toBe('abcde');
  });
});

describe('nextSort', () => {
  it('starts a column in its natural direction, then flips it', () => {
    expect(nextSort(undefined, 'apr')).toEqual({
      column: 'apr',
      direction: 'desc',
    });
    expect(nextSort(undefined, 'coin').direction).toBe('asc');
    expect(nextSort(parseSort('apr-desc'), 'apr').direction).toBe('asc');
    expect(nextSort(parseSort('apr-asc'), 'apr').direction).toBe('desc');
    expect(nextSort(parseSort('apr-asc'), 'term')).toEqual({
      column: 'term',
      direction: 'asc',
    });
  });
});
