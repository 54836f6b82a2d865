import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';

import { guestCache, inlineScriptHashes } from './guest-cache.ts';

const setup = (
  options: {
    ttlMs?: number;
    staleMs?: number;
    maxBytes?: number;
    delayMs?: number;
    cacheRoot?: boolean;
    status?: () => number;
  } = {},
) => {
  let renders = 0;
  /** Requests whose render fell back (a section showed its notice), known once their body ended. */
  const fellBack = new WeakSet<Request>();
  let clock = 0;
  const cache = guestCache({
    ttlMs: options.ttlMs ?? 1000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxEntries: 100,
    buildId: 'build-1',
    hostOf: (header) => header('host') ?? 'default',
    cspForHashes: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
    fellBack: (request) => fellBack.has(request),
    ...(options.staleMs === undefined ? {} : { staleMs: options.staleMs }),
    ...(options.cacheRoot === undefined
      ? {}
      : { cacheRoot: options.cacheRoot }),
    now: () => clock,
  });
  const app = new Hono();
  app.use(cache.middleware);
  app.get('*', async (c) => {
    renders++;
    if (options.delayMs)
      await new Promise((r) => setTimeout(r, options.delayMs));
    if (c.req.path === '/missing') return c.html('<h1>nope</h1>', 404);
    const status = options.status?.() ?? 200;
    if (status !== 200) return c.text('busy', status as 503);
    if (c.req.path === '/cookie') {
      c.header('set-cookie', 'a=b');
      return c.html('<p>x</p>');
    }
    if (c.req.path === '/partial') {
      // a streamed page whose section falls back after its shell went out
      const request = c.req.raw;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('<html><body><h1>shell</h1>'));
          setTimeout(() => {
            fellBack.add(request);
            controller.enqueue(encoder.encode('<p>notice</p></body></html>'));
            controller.close();
          }, 20);
        },
      });
      return c.body(body, 200, { 'content-type': 'text/html; charset=UTF-8' });
    }
    if (c.req.path === '/private') {
      c.header('cache-control', 'private, no-store');
      return c.html('<p>x</p>');
    }
    c.header('content-security-policy', "script-src 'nonce-abc'");
    return c.html(
      `<html><body><h1>${c.req.header('host') ?? ''}${c.req.path}${new URL(c.req.url).search}</h1><p>${(c.req.header('cookie') ?? '').includes('b_t_c_k') ? 'session' : 'guest'}</p><script>boot(${renders})</script></body></html>`,
    );
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(
      app.request(`http://site${path}`, {
        headers: { host: 'a.example', ...headers },
      }),
    );
  /** Until the cache has stored `count` entries (the compressed copies are made off the main thread). */
  const stored = async (count: number) => {
    for (let i = 0; i < 300 && cache.stats.entries < count; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(cache.stats.entries).toBeGreaterThanOrEqual(count);
  };
  /** Asks twice (a render is stored the second time its key is asked for) and waits for the store. */
  const warm = async (path: string, headers: Record<string, string> = {}) => {
    const before = cache.stats.entries;
    await (await get(path, headers)).text();
    await (await get(path, headers)).text();
    await stored(before + 1);
  };
  return {
    cache,
    get,
    warm,
    stored,
    renders: () => renders,
    tick: (ms: number) => (clock += ms),
  };
};

describe('guest cache', () => {
  it('shrinks with time: an entry past its TTL and stale window is dropped unread, its bytes with it', async () => {
    const { cache, warm, tick } = setup({ ttlMs: 40, staleMs: 40 });
    // lru-cache counts a start at 0 as none: the clock starts later, as a real one does
    tick(1000);
    await warm('/en/launchpad');
    await warm('/ja-JP/launchpad');
    expect(cache.stats.entries).toBe(2);
    expect(cache.stats.bytes).toBeGreaterThan(0);
    tick(81);
    // no request reads them: lru-cache's own timer (TTL + stale window) drops them
    for (let i = 0; i < 200 && cache.stats.entries > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(cache.stats.entries).toBe(0);
    expect(cache.stats.bytes).toBe(0);
  });

  it('empties after its TTL and stale window with no requests (fake timers): entries and the keys asked once', async () => {
    vi.useFakeTimers({
      now: 1_000_000,
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    try {
      let clock = Date.now();
      const cache = guestCache({
        ttlMs: 10_000,
        staleMs: 300_000,
        maxBytes: 1024 * 1024,
        maxEntries: 100,
        buildId: 'build-1',
        hostOf: () => 'a.example',
        cspForHashes: () => "script-src 'self'",
        now: () => clock,
      });
      const app = new Hono();
      app.use(cache.middleware);
      app.get('*', (c) => c.html(`<html><body>${c.req.path}</body></html>`));
      const get = async (path: string) =>
        (await app.request(`http://site${path}`)).text();
      // compression runs on the threadpool: wait for it on the real event loop, not on timers
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 2000 && !done(); i++)
          await new Promise((r) => setImmediate(r));
        expect(done()).toBe(true);
      };
      await get('/en/launchpad');
      await get('/en/launchpad');
      await get('/ja-JP/launchpad'); // asked once: only its key is remembered
      await until(() => cache.stats.entries === 1);
      // the stored key has left the admission list; the one asked once is in it
      expect(cache.seenKeys()).toBe(1);
      const step = (ms: number) => {
        clock += ms;
        vi.advanceTimersByTime(ms);
      };
      step(300_000);
      // the stale window is over for the key asked once; the entry has 10 s left
      step(1);
      expect(cache.seenKeys()).toBe(0);
      expect(cache.stats.entries).toBe(1);
      step(10_000);
      expect(cache.stats.entries).toBe(0);
      expect(cache.stats.bytes).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps / only when it is a page (prefix_except_default, no root redirect)', async () => {
    const negotiated = setup();
    await negotiated.get('/');
    await negotiated.get('/');
    expect(negotiated.renders()).toBe(2);
    const page = setup({ cacheRoot: true });
    // admission: the second ask stores, the third is served from memory
    await (await page.get('/')).text();
    await (await page.get('/')).text();
    await page.stored(1);
    const third = await page.get('/');
    expect(page.renders()).toBe(2);
    expect(third.headers.get('x-cache')).toBe('HIT');
    expect(
      page.cache.peek({
        method: 'GET',
        url: '/',
        header: (name) => (name === 'host' ? 'a.example' : undefined),
      }),
    ).toBeDefined();
  });

  it('serves a second request from memory with a hash-based CSP', async () => {
    const { cache, get, renders, stored } = setup();
    const first = await get('/en/launchpad');
    const body = await first.text();
    // admission: a render is stored once its key has been asked for twice
    await new Promise((r) => setTimeout(r, 50));
    expect(cache.stats.entries).toBe(0);
    await (await get('/en/launchpad')).text();
    await stored(1);
    const third = await get('/en/launchpad');
    expect(third.headers.get('x-cache')).toBe('HIT');
    expect(await third.text()).toBe(body.replace('boot(1)', 'boot(2)'));
    expect(renders()).toBe(2);
    expect(third.headers.get('content-security-policy')).toContain("'sha256-");
    expect(third.headers.get('content-security-policy')).not.toContain('nonce');
    // the render names its request's nonce: private; the stored copy names hashes: shared
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(third.headers.get('cache-control')).toContain('s-maxage');
  });

  it('refuses on a hit what it refuses on a miss: a malformed or oversized query goes on to be refused', async () => {
    const { cache, get, renders, warm } = setup();
    await warm('/en/launchpad');
    const before = renders();
    const tooMany = `?${'a&'.repeat(1000)}a`;
    for (const query of ['?%zz=1', tooMany, `?${'a[b]'.repeat(6)}=1`]) {
      const res = await get(`/en/launchpad${query}`);
      expect(res.headers.get('x-cache'), query).toBeNull();
      await res.text();
      expect(
        cache.peek({
          method: 'GET',
          url: `/en/launchpad${query}`,
          header: (name) => (name === 'host' ? 'a.example' : undefined),
        }),
        query,
      ).toBeUndefined();
    }
    expect(renders()).toBe(before + 3);
  });

  it('keeps hosts, paths and declared queries apart', async () => {
    const { get, warm } = setup();
    const pages = [
      '/en/launchpad',
      '/ja-JP/launchpad',
      '/en/earning/savings?coin=BTC',
      '/en/earning/savings?coin=ETH',
    ];
    for (const host of ['a.example', 'b.example'])
      for (const p of pages) await warm(p, { host });
    for (const host of ['a.example', 'b.example']) {
      for (const p of pages) {
        const res = await get(p, { host });
        expect(res.headers.get('x-cache')).toBe('HIT');
        expect(await res.text()).toContain(`<h1>${host}${p}</h1>`);
      }
    }
  });

  it('answers an address with parameters its page does not read from the page entry', async () => {
    const { get, renders, warm } = setup();
    await warm('/en/launchpad');
    await warm('/en/earning/savings?coin=BTC');
    const before = renders();
    for (const [asked, entry] of [
      ['/en/launchpad?utm_source=a', '/en/launchpad'],
      ['/en/launchpad?gclid=1&x=2', '/en/launchpad'],
      ['/en/earning/savings?fbclid=9&coin=BTC', '/en/earning/savings?coin=BTC'],
    ] as const) {
      const res = await get(asked);
      expect(res.headers.get('x-cache'), asked).toBe('HIT');
      expect(await res.text()).toContain(`<h1>a.example${entry}</h1>`);
    }
    expect(renders()).toBe(before);
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

  it('keeps the session variant beside the guest one, private to shared caches', async () => {
    const { get, renders, warm } = setup();
    await warm('/en/x', { cookie: 'b_t_c_k_test1=alice' });
    await warm('/en/x');
    const before = renders();
    // another user's token: the same session entry, never the guest one, and the reverse
    const bob = await get('/en/x', { cookie: 'theme=1; b_t_c_k_test1=bob' });
    expect(bob.headers.get('x-cache')).toBe('HIT');
    expect(bob.headers.get('cache-control')).toBe('private, no-cache');
    // the operators' nginx may keep it as long as a guest page (its session location)
    expect(bob.headers.get('x-accel-expires')).toBe('60');
    expect(await bob.text()).toContain('<p>session</p>');
    const guest = await get('/en/x');
    expect(guest.headers.get('x-cache')).toBe('HIT');
    expect(guest.headers.get('cache-control')).toContain('public');
    expect(guest.headers.get('x-accel-expires')).toBeNull();
    expect(await guest.text()).toContain('<p>guest</p>');
    expect(renders()).toBe(before);
    // a render names its request's nonce: the edge keeps only the stored copy
    const miss = await get('/en/y', { cookie: 'b_t_c_k=secret' });
    expect(miss.headers.get('cache-control')).toBe('private, no-cache');
    expect(miss.headers.get('x-accel-expires')).toBeNull();
    await miss.text();
  });

  it('never stores errors or responses that set cookies or are private, nor lets the edge keep them', async () => {
    const { get, renders } = setup();
    for (const path of ['/missing', '/cookie', '/private'])
      for (const cookie of [undefined, 'b_t_c_k=alice'])
        for (let i = 0; i < 3; i++) {
          const res = await get(path, cookie ? { cookie } : {});
          expect(res.headers.get('x-accel-expires')).toBeNull();
          await res.text();
        }
    expect(renders()).toBe(18);
  });

  it('never stores a render whose section fell back after its shell went out', async () => {
    const { get, renders, cache } = setup();
    for (let i = 0; i < 3; i++) {
      const res = await get('/partial');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<p>notice</p>');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(renders()).toBe(3);
    expect(cache.stats.entries).toBe(0);
    expect(cache.stats.admitted).toBe(0);
  });

  it.each([
    'b_t_c_k_test1 =secret',
    ' b_t_c_k_test1=secret',
    'a=1;b_t_c_k=secret',
    'a=1;  b_t_c_k_testnet\t=secret',
  ])(
    'never answers a guest from the render for the cookie %j',
    async (cookie) => {
      const { get, warm } = setup();
      await warm('/en/z', { cookie });
      const guest = await get('/en/z');
      expect(guest.headers.get('x-cache')).toBeNull();
      expect(await guest.text()).toContain('<p>guest</p>');
    },
  );

  it('never answers an escaped path from the entry of the path it decodes to', async () => {
    const { get, renders, warm } = setup();
    await warm('/en/x');
    const before = renders();
    for (const path of ['/e%6E/x', '/en%2Fx', '/en/%78']) {
      const res = await get(path);
      expect(res.headers.get('x-cache'), path).toBeNull();
      await res.text();
    }
    expect(renders()).toBe(before + 3);
  });

  it('expires after the TTL, answering from the stale copy while the page renders again', async () => {
    const { get, renders, tick, warm } = setup({ ttlMs: 100, delayMs: 30 });
    await warm('/en/a');
    const before = renders();
    tick(150);
    const refresh = get('/en/a');
    await new Promise((r) => setTimeout(r, 5));
    // a hit never waits on a miss: the copy past its TTL answers meanwhile
    const meanwhile = await get('/en/a');
    expect(meanwhile.headers.get('x-cache')).toBe('STALE');
    expect(await meanwhile.text()).toContain(`boot(${before})`);
    expect(await (await refresh).text()).toContain(`boot(${before + 1})`);
    expect(renders()).toBe(before + 1);
  });

  it('answers a refused or failed render with the stale copy where one exists', async () => {
    let status = 200;
    const { get, tick, warm } = setup({ ttlMs: 100, status: () => status });
    await warm('/en/a');
    tick(150);
    status = 503;
    const res = await get('/en/a');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('STALE');
    expect(await res.text()).toContain('<h1>');
    const none = await get('/en/b');
    expect(none.status).toBe(503);
    await none.text();
  });

  it('does not let one-hit addresses push stored pages out', async () => {
    const { cache, get, warm } = setup({ maxBytes: 8000 });
    await warm('/en/popular');
    const before = cache.stats.firstSeen;
    for (let i = 0; i < 60; i++) await (await get(`/en/launchpad/${i}`)).text();
    for (let n = 0; n < 300 && cache.stats.firstSeen < before + 60; n++)
      await new Promise((r) => setTimeout(r, 10));
    expect(cache.stats.firstSeen).toBe(before + 60);
    expect(cache.stats.entries).toBe(1);
    const popular = await get('/en/popular');
    expect(popular.headers.get('x-cache')).toBe('HIT');
    await popular.text();
  });

  it('serves the encoding asked for', async () => {
    const { get, warm } = setup();
    await warm('/en/b');
    const plain = await (await get('/en/b')).text();
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
    const { cache, get } = setup({ maxBytes: 4000 });
    for (let i = 0; i < 30; i++) {
      await (await get(`/en/p${i}`)).text();
      await (await get(`/en/p${i}`)).text();
      for (let n = 0; n < 300 && cache.stats.admitted <= i; n++)
        await new Promise((r) => setTimeout(r, 10));
      expect(cache.stats.bytes).toBeLessThanOrEqual(4000);
    }
    expect(cache.stats.admitted).toBe(30);
    expect(cache.stats.entries).toBeLessThan(30);
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
