import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  declaredQuery,
  hasSessionCookie,
  pageAddress,
  pageKey,
  pageRoute,
  requestProblem,
} from './page-address.ts';
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

  it('reads declared parameters as the page reads them: the first value, names with their case', () => {
    // URLSearchParams.get: a duplicate never reaches the page, nor the key
    expect(
      pageAddress('/ja-JP/unbind-google2fa', '?ticket=T-1001&ticket=X'),
    ).toBe('/ja-JP/unbind-google2fa?ticket=T-1001');
    // `TICKET` is not the page's parameter: the attacker's spelling is not the page's
    expect(
      pageAddress('/ja-JP/unbind-google2fa', '?TICKET=T-1001&ticket=ATTACKER'),
    ).toBe('/ja-JP/unbind-google2fa?ticket=ATTACKER');
    expect(pageAddress('/ja-JP/unbind-google2fa', '?TICKET=T-1001')).toBe(
      '/ja-JP/unbind-google2fa',
    );
    // decoded once, as the page sees it
    expect(pageAddress('/en/official-verify', '?value=a%20b&kind=url')).toBe(
      pageAddress('/en/official-verify', '?kind=url&value=a+b'),
    );
  });

  it('gives the unprefixed English pages their address under prefix_except_default', () => {
    const strategy = 'prefix_except_default';
    expect(pageAddress('/launchpad', '?utm_source=x', strategy)).toBe(
      '/launchpad',
    );
    expect(pageAddress('/earning/savings', '?coin=BTC&gclid=1', strategy)).toBe(
      '/earning/savings?coin=BTC',
    );
    expect(pageAddress('/', '?utm_source=x', strategy)).toBe('/');
    expect(
      pageAddress(
        '/RSC/R/launchpad.txt',
        `?${new URLSearchParams({ query: 'utm_source=x' }).toString()}`,
        strategy,
      ),
    ).toBe('/RSC/R/launchpad.txt');
    // the prefixed English spelling is a redirect there, not a page
    expect(pageAddress('/en/launchpad', '', strategy)).toBeUndefined();
    expect(pageAddress('/launchpad', '', 'prefix')).toBeUndefined();
  });

  it('keys one entry per host, variant, page address and build', () => {
    const key = (over: Partial<Parameters<typeof pageKey>[0]>) =>
      pageKey({
        host: 'a.example',
        session: false,
        pathname: '/en/earning/savings',
        search: '?coin=BTC',
        buildId: 'b1',
        strategy: 'prefix',
        ...over,
      });
    expect(key({ search: '?utm_source=1&coin=BTC' })).toBe(key({}));
    for (const other of [
      { host: 'b.example' },
      { session: true },
      { search: '?coin=ETH' },
      { buildId: 'b2' },
      { pathname: '/ja-JP/earning/savings' },
    ])
      expect(key(other)).not.toBe(key({}));
    // not a page: the whole path and query
    expect(key({ pathname: '/en/nope', search: '?a=1' })).not.toBe(
      key({ pathname: '/en/nope', search: '?a=2' }),
    );
  });

  it('reads a token cookie in every spelling the cookie parser accepts', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('theme=dark; guid=1')).toBe(false);
    expect(hasSessionCookie('x=1; b_t_c_k_test1 = v')).toBe(true);
  });

  it('names what is wrong with a request before anything routes on it', () => {
    expect(requestProblem('/en/launchpad', '')).toBeUndefined();
    expect(
      requestProblem('/en/launchpad', '?utm_source=a&x=1'),
    ).toBeUndefined();
    expect(requestProblem('/en/launchpad', '?%zz=1')?.status).toBe(400);
    expect(requestProblem('/en', `?${'a&'.repeat(1000)}a`)?.status).toBe(400);
    expect(requestProblem('/en/%zz', '')?.status).toBe(400);
    expect(requestProblem('/en/%00', '')?.status).toBe(400);
    expect(requestProblem(`/${'a'.repeat(3000)}`, '')?.status).toBe(414);
    expect(requestProblem('/RSC/nope', '')?.status).toBe(404);
  });
});
