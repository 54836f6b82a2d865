import { describe, expect, it } from 'vitest';

import {
  pageCount,
  pageHref,
  pageItems,
  pageSlice,
  parsePage,
  type PageItem,
} from './pagination.ts';

const render = (items: PageItem[]) =>
  items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(270, 25)).toBe(11);
  });

  it('reads the page from the query, bad input as the nearest page there is', () => {
    expect(parsePage(null, 11)).toBe(1);
    expect(parsePage('', 11)).toBe(1);
    expect(parsePage('3', 11)).toBe(3);
    expect(parsePage('11', 11)).toBe(11);
    expect(parsePage('12', 11)).toBe(11);
    expect(parsePage('999999', 11)).toBe(11);
    expect(parsePage('0', 11)).toBe(1);
    for (const bad of ['-2', '1.5', '1e3', 'abc', ' 2', '9999999', '０２'])
      expect(parsePage(bad, 11)).toBe(1);
  });

  it('slices one page of rows', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(pageSlice(rows, 1, 25)).toEqual(rows.slice(0, 25));
    expect(pageSlice(rows, 3, 25)).toEqual([
      50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    ]);
  });

  it('shows the first, the last and the current page with its neighbours, gaps for the rest', () => {
    expect(render(pageItems(1, 1))).toBe('1');
    expect(render(pageItems(1, 3))).toBe('1 2 3');
    expect(render(pageItems(1, 11))).toBe('1 2 … 11');
    expect(render(pageItems(3, 11))).toBe('1 2 3 4 … 11');
    expect(render(pageItems(4, 11))).toBe('1 2 3 4 5 … 11');
    expect(render(pageItems(6, 11))).toBe('1 … 5 6 7 … 11');
    expect(render(pageItems(9, 11))).toBe('1 … 8 9 10 11');
    expect(render(pageItems(11, 11))).toBe('1 … 10 11');
    // a gap never hides a single page
    expect(render(pageItems(5, 7))).toBe('1 … 4 5 6 7');
    expect(render(pageItems(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('keeps the list parameters in each page address and drops page=1', () => {
    expect(pageHref('/en/x', { q: 'btc', type: '' }, 1)).toBe('/en/x?q=btc');
    expect(pageHref('/en/x', { q: 'btc', type: 'inverse' }, 3)).toBe(
      '/en/x?q=btc&type=inverse&page=3',
    );
    expect(pageHref('/en/x', {}, 1)).toBe('/en/x');
    expect(pageHref('/en/x', { q: 'a&b' }, 2)).toBe('/en/x?q=a%26b&page=2');
  });
});
