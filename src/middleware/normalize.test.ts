import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { canonicalPath, checkQuery, MAX_URL_LENGTH } from '../page-address.ts';
import { normalize } from './normalize.ts';

const app = new Hono();
app.use(normalize());
app.get('*', (c) => c.text('ok'));
const get = (path: string) => app.request(`http://localhost${path}`);

describe('normalize', () => {
  it('redirects a trailing slash, keeping the query', async () => {
    const res = await get('/en/launchpad/?a=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/en/launchpad?a=1');
  });

  it('collapses repeated slashes into a same-site path', async () => {
    const res = await get('//evil.example//en/');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/evil.example/en');
  });

  it.each(['/en/%E0%A4%A', '/%', '/en/%zz', '/en/%00'])(
    'answers %s with 400',
    async (path) => {
      expect((await get(path)).status).toBe(400);
    },
  );

  it('answers an over-long URL with 414', async () => {
    expect((await get(`/${'a'.repeat(MAX_URL_LENGTH)}`)).status).toBe(414);
  });

  it('passes a normal path', async () => {
    expect((await get('/en/launchpad?x=1')).status).toBe(200);
  });

  it.each([
    ['/e%6E/launchpad', '/en/launchpad'],
    ['/en/launch%70ad?x=1', '/en/launchpad?x=1'],
    ['/en/launchpad/aurora%2Dchain', '/en/launchpad/aurora-chain'],
    ['/en/welcome/a%7eb', '/en/welcome/a~b'],
    ['/en/welcome/%e3%81%82', '/en/welcome/%E3%81%82'],
  ])('sends %s to its one spelling %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(location);
  });

  it('keeps escapes that are not letters, digits or -._~', () => {
    expect(canonicalPath('/en/welcome/a%2Fb%20c%3F')).toBe(
      '/en/welcome/a%2Fb%20c%3F',
    );
    expect(canonicalPath('/en/welcome/%E3%81%82')).toBe(
      '/en/welcome/%E3%81%82',
    );
  });

  it('drops /index.html: the router would serve the same page at a second address', async () => {
    expect(canonicalPath('/ja-JP/launchpad/index.html')).toBe(
      '/ja-JP/launchpad',
    );
    expect(canonicalPath('/en/index.htm')).toBe('/en');
    expect(canonicalPath('/index.html')).toBe('/');
    expect(canonicalPath('/en/launchpad/index.html.bak')).toBe(
      '/en/launchpad/index.html.bak',
    );
    const res = await get('/en/launchpad/aurora-chain/index.html?x=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/en/launchpad/aurora-chain?x=1');
  });

  it.each([
    ['/ja-jp/launchpad', '/ja-JP/launchpad'],
    ['/JA-JP/launchpad/aurora-chain?x=1', '/ja-JP/launchpad/aurora-chain?x=1'],
    ['/EN/launchpad', '/en/launchpad'],
    ['/en-us', '/en-US'],
    ['/zh-tw', '/zh-TW'],
    ['/ZH-tw/earning/savings', '/zh-TW/earning/savings'],
    ['/ja', '/ja-JP'],
    ['/zh', '/zh-MY'],
    ['/zh-CN/launchpad', '/zh-MY/launchpad'],
    ['/en/LAUNCHPAD', '/en/launchpad'],
    ['/en/zcccompetition2025', '/en/ZCCCompetition2025'],
    // everything wrong at once is still one hop
    [
      '/%4A%41-jp//LAUNCH%50AD/aurora-chain/?coin=BTC',
      '/ja-JP/launchpad/aurora-chain?coin=BTC',
    ],
  ])('sends %s to the table spelling %s (308)', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(location);
  });

  it.each(['/ja-JP/nope', '/JA-JP/nope', '/nope', '/pt-BR/launchpad'])(
    'leaves %s, which names no page, to the 404',
    async (path) => {
      expect((await get(path)).status).toBe(200);
    },
  );

  it('sends an unprefixed page to the visitor locale in one hop, privately, keeping the query', async () => {
    const res = await app.request(
      'http://localhost/Earning/Savings/?coin=BTC',
      { headers: { 'accept-language': 'ko' } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ko-KR/earning/savings?coin=BTC');
    expect(res.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toBe('');
    const byCookie = await app.request('http://localhost/launchpad', {
      headers: { cookie: 'i18n_redirected=th-th', 'accept-language': 'ko' },
    });
    expect(byCookie.headers.get('location')).toBe('/th-TH/launchpad');
    const byDefault = await get('/launchpad/aurora-chain');
    expect(byDefault.headers.get('location')).toBe(
      '/en/launchpad/aurora-chain',
    );
  });

  it('under prefix_except_default serves the default language unprefixed', async () => {
    const except = new Hono();
    except.use(normalize('prefix_except_default'));
    except.get('*', (c) => c.text('ok'));
    const at = (path: string) => except.request(`http://localhost${path}`);
    expect((await at('/launchpad')).status).toBe(200);
    for (const [path, location] of [
      ['/en/launchpad', '/launchpad'],
      ['/EN/Launchpad/?x=1', '/launchpad?x=1'],
      ['/en', '/'],
      ['/en-GB/earning/savings', '/earning/savings'],
      ['/LAUNCHPAD', '/launchpad'],
      ['/ja-jp/launchpad', '/ja-JP/launchpad'],
      ['/en-us/launchpad', '/en-US/launchpad'],
    ] as const) {
      const res = await at(path);
      expect(res.status, path).toBe(308);
      expect(res.headers.get('location'), path).toBe(location);
    }
  });

  it('measures the path and query, not the Host', async () => {
    const host = `${'h'.repeat(MAX_URL_LENGTH + 100)}.example`;
    expect((await app.request(`http://${host}/en/launchpad`)).status).toBe(200);
  });
});

describe('query limits (spec §9: depth 5, array 20, 1000 parameters)', () => {
  it('accepts what fits', () => {
    expect(checkQuery('?a=1&b[c][d][e][f][g]=2')).toBeUndefined();
    expect(
      checkQuery(
        `?${Array.from({ length: 20 }, (_, i) => `x[]=${i}`).join('&')}`,
      ),
    ).toBeUndefined();
  });
  it('refuses nesting deeper than 5', () => {
    expect(checkQuery('?a[b][c][d][e][f][g]=1')).toMatch(/deep/);
  });
  it('refuses more than 20 values for one parameter', () => {
    expect(
      checkQuery(
        `?${Array.from({ length: 21 }, (_, i) => `x[]=${i}`).join('&')}`,
      ),
    ).toMatch(/values/);
  });
  it('refuses more than 1000 parameters', () => {
    expect(
      checkQuery(
        `?${Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&')}`,
      ),
    ).toMatch(/many/);
  });
  it('refuses malformed encoding', () => {
    expect(checkQuery('?%E0%A4%A=1')).toMatch(/Malformed/);
  });
});
