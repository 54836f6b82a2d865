import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import {
  guestCache,
  inlineScriptHashes,
  mayCarryToken,
} from './guest-cache.ts';

const setup = (
  options: { ttlMs?: number; maxBytes?: number; delayMs?: number } = {},
) => {
  let renders = 0;
  let clock = 0;
  const cache = guestCache({
    ttlMs: options.ttlMs ?? 1000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxEntries: 100,
    buildId: 'build-1',
    hostOf: (header) => header('host') ?? 'default',
    cspForHashes: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
    now: () => clock,
  });
  const app = new Hono();
  app.use(cache.middleware);
  app.get('*', async (c) => {
    renders++;
    if (options.delayMs)
      await new Promise((r) => setTimeout(r, options.delayMs));
    if (c.req.path === '/missing') return c.html('<h1>nope</h1>', 404);
    if (c.req.path === '/cookie') {
      c.header('set-cookie', 'a=b');
      return c.html('<p>x</p>');
    }
    if (c.req.path === '/private') {
      c.header('cache-control', 'private, no-store');
      return c.html('<p>x</p>');
    }
    c.header('content-security-policy', "script-src 'nonce-abc'");
    return c.html(
      `<html><body><h1>${c.req.header('host') ?? ''}${c.req.path}${new URL(c.req.url).search}</h1><script>boot(${renders})</script></body></html>`,
    );
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(
      app.request(`http://site${path}`, {
        headers: { host: 'a.example', ...headers },
      }),
    );
  return {
    cache,
    get,
    renders: () => renders,
    tick: (ms: number) => (clock += ms),
  };
};

describe('guest cache', () => {
  it('serves a second request from memory with a hash-based CSP', async () => {
    const { get, renders } = setup();
    const first = await get('/en/launchpad');
    const body = await first.text();
    await new Promise((r) => setTimeout(r, 20));
    const second = await get('/en/launchpad');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(renders()).toBe(1);
    expect(second.headers.get('content-security-policy')).toContain("'sha256-");
    expect(second.headers.get('content-security-policy')).not.toContain(
      'nonce',
    );
    expect(first.headers.get('cache-control')).toContain('s-maxage');
  });

  it('keeps hosts, paths and declared queries apart', async () => {
    const { get } = setup();
    const pages = [
      '/en/launchpad',
      '/ja-JP/launchpad',
      '/en/earning/savings?coin=BTC',
      '/en/earning/savings?coin=ETH',
    ];
    for (const host of ['a.example', 'b.example'])
      for (const p of pages) await (await get(p, { host })).text();
    await new Promise((r) => setTimeout(r, 20));
    for (const host of ['a.example', 'b.example']) {
      for (const p of pages) {
        const res = await get(p, { host });
        expect(res.headers.get('x-cache')).toBe('HIT');
        expect(await res.text()).toContain(`<h1>${host}${p}</h1>`);
      }
    }
  });

  it('answers an address with parameters its page does not read from the page entry', async () => {
    const { get, renders } = setup();
    await (await get('/en/launchpad')).text();
    await (await get('/en/earning/savings?coin=BTC')).text();
    await new Promise((r) => setTimeout(r, 20));
    for (const [asked, entry] of [
      ['/en/launchpad?utm_source=a', '/en/launchpad'],
      ['/en/launchpad?gclid=1&x=2', '/en/launchpad'],
      ['/en/earning/savings?fbclid=9&coin=BTC', '/en/earning/savings?coin=BTC'],
    ] as const) {
      const res = await get(asked);
      expect(res.headers.get('x-cache'), asked).toBe('HIT');
      expect(await res.text()).toContain(`<h1>a.example${entry}</h1>`);
    }
    expect(renders()).toBe(2);
  });

  it('renders once for many concurrent misses (coalescing)', async () => {
    const { get, renders } = setup({ delayMs: 50 });
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        get('/en/savings').then((r) => r.text()),
      ),
    );
    expect(renders()).toBe(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it('never caches for a visitor with a token cookie, errors or responses that set cookies', async () => {
    const { get, renders } = setup();
    await (await get('/en/x', { cookie: 'b_t_c_k_test1=secret' })).text();
    await (await get('/en/x', { cookie: 'b_t_c_k_test1=secret' })).text();
    expect(renders()).toBe(2);
    const personal = await get('/en/y', { cookie: 'b_t_c_k=secret' });
    expect(personal.headers.get('cache-control')).toBe('private, no-cache');
    await (await get('/missing')).text();
    await (await get('/missing')).text();
    await (await get('/cookie')).text();
    await (await get('/cookie')).text();
    await (await get('/private')).text();
    await (await get('/private')).text();
    expect(renders()).toBe(9);
  });

  it.each([
    'b_t_c_k_test1 =secret',
    ' b_t_c_k_test1=secret',
    'a=1;b_t_c_k=secret',
    'a=1;  b_t_c_k_testnet\t=secret',
  ])('never lets a render for the cookie %j into the cache', async (cookie) => {
    const { get, renders } = setup();
    await (await get('/en/z', { cookie })).text();
    await new Promise((r) => setTimeout(r, 20));
    const guest = await get('/en/z');
    expect(guest.headers.get('x-cache')).toBeNull();
    await guest.text();
    expect(renders()).toBe(2);
  });

  it('never answers an escaped path from the entry of the path it decodes to', async () => {
    const { get, renders } = setup();
    await (await get('/en/x')).text();
    await new Promise((r) => setTimeout(r, 20));
    for (const path of ['/e%6E/x', '/en%2Fx', '/en/%78']) {
      const res = await get(path);
      expect(res.headers.get('x-cache'), path).toBeNull();
      await res.text();
    }
    expect(renders()).toBe(4);
  });

  it('reads a token cookie in every spelling the cookie parser accepts', () => {
    expect(mayCarryToken(undefined)).toBe(false);
    expect(mayCarryToken('theme=dark; guid=1')).toBe(false);
    expect(mayCarryToken('x=1; b_t_c_k_test1 = v')).toBe(true);
  });

  it('expires after the TTL', async () => {
    const { cache, get, renders, tick } = setup({ ttlMs: 100 });
    await (await get('/en/a')).text();
    // the entry is stored once its compressed copies are made (a busy machine: more than 20 ms)
    for (let i = 0; i < 200 && cache.stats.entries === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(cache.stats.entries).toBe(1);
    tick(150);
    await (await get('/en/a')).text();
    expect(renders()).toBe(2);
  });

  it('serves the encoding asked for', async () => {
    const { get } = setup();
    const plain = await (await get('/en/b')).text();
    await new Promise((r) => setTimeout(r, 20));
    const br = await get('/en/b', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await get('/en/b', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(
      plain,
    );
  });

  it('stays within its memory bound', async () => {
    const { get, cache } = setup({ maxBytes: 4000 });
    for (let i = 0; i < 50; i++) await (await get(`/en/p${i}`)).text();
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.stats.bytes).toBeLessThanOrEqual(4000);
    expect(cache.stats.entries).toBeLessThan(50);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes(
      '<script src="/a.js"></script><script>a()</script><script type="module">b()</script>',
    );
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  });
});
