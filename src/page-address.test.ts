import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { declaredQuery, pageAddress, pageRoute } from './page-address.ts';
import { getRoute, ROUTES } from './routes.ts';

describe('pageAddress', () => {
  it('drops every parameter a page does not read', () => {
    expect(pageAddress('/en/launchpad', '?utm_source=a&gclid=b&x=1')).toBe(
      '/en/launchpad',
    );
    expect(pageAddress('/en/launchpad', '')).toBe('/en/launchpad');
    expect(pageAddress('/ja-JP', '?fbclid=1')).toBe('/ja-JP');
    expect(pageAddress('/en/launchpad/42', '?x=9')).toBe('/en/launchpad/42');
  });

  it('keeps the declared ones, in one order', () => {
    expect(
      pageAddress('/en/earning/savings', '?gclid=1&coin=BTC&utm_source=x'),
    ).toBe('/en/earning/savings?coin=BTC');
    expect(
      pageAddress(
        '/de-DE/announcement-info/contract-detail',
        '?type=linear&x=1&q=btc',
      ),
    ).toBe(
      pageAddress(
        '/de-DE/announcement-info/contract-detail',
        '?q=btc&type=linear',
      ),
    );
  });

  it('reads the page query inside a client navigation', () => {
    expect(
      pageAddress(
        '/RSC/R/en/earning/savings.txt',
        `?${new URLSearchParams({ query: 'coin=ETH&utm_medium=mail' }).toString()}`,
      ),
    ).toBe(
      `/RSC/R/en/earning/savings.txt?${new URLSearchParams({ query: 'coin=ETH' }).toString()}`,
    );
    expect(pageAddress('/RSC/R/en/launchpad.txt', '?query=gclid%3D1&x=2')).toBe(
      '/RSC/R/en/launchpad.txt',
    );
  });

  it('leaves paths that are not pages alone', () => {
    expect(pageAddress('/api/x', '?a=1')).toBeUndefined();
    expect(pageAddress('/en/nope', '?a=1')).toBeUndefined();
    expect(pageAddress('/xx/launchpad', '')).toBeUndefined();
    expect(pageAddress('/RSC/S/slice.txt', '')).toBeUndefined();
  });

  it('never keeps an undeclared name, whatever the query', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTES.map((r) => r.id)),
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 }),
        (id, pairs) => {
          const route = getRoute(id);
          const kept = new URLSearchParams(
            declaredQuery(route, new URLSearchParams(pairs)),
          );
          for (const name of kept.keys())
            expect(route.query ?? []).toContain(name);
        },
      ),
    );
  });

  it('matches pages to their routes', () => {
    expect(pageRoute('/en/earning/savings')?.id).toBe('savings');
    expect(pageRoute('/en')?.id).toBe('home');
    expect(pageRoute('/en/x/y')).toBeUndefined();
  });
});
