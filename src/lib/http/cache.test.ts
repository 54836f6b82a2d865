import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  answer,
  clearFaults,
  hits,
  okBody,
  withFaultSandbox,
} from '../../sandbox/testing.ts';
import {
  createResponseCache,
  responseCacheKey,
  type CacheFill,
} from './cache.ts';
import { createRequestClient, type RequestClientOptions } from './client.ts';
import { SchemaError } from './envelope.ts';

describe('responseCacheKey', () => {
  const key = (parts: Partial<Parameters<typeof responseCacheKey>[0]>) =>
    responseCacheKey({ method: 'GET', url: '/api/coins', ...parts });

  it('ignores the order of query keys and of body keys at every depth', () => {
    expect(key({ query: { a: 1, b: 'x' } })).toBe(
      key({ query: { b: 'x', a: 1 } }),
    );
    expect(
      key({
        method: 'POST',
        body: { a: 1, n: { y: 2, x: [1, { q: 1, p: 2 }] } },
      }),
    ).toBe(
      key({
        method: 'POST',
        body: { n: { x: [1, { p: 2, q: 1 }], y: 2 }, a: 1 },
      }),
    );
  });

  it('treats query values as they go on the wire', () => {
    expect(key({ query: { page: 1, skip: undefined } })).toBe(
      key({ query: { page: '1' } }),
    );
    expect(key({ query: {} })).toBe(key({}));
  });

  it('tells apart URL, method, query, body and vary', () => {
    const base = key({ query: { a: 1 }, body: { d: 1 } });
    expect(
      key({ url: '/api/other', query: { a: 1 }, body: { d: 1 } }),
    ).not.toBe(base);
    expect(key({ method: 'POST', query: { a: 1 }, body: { d: 1 } })).not.toBe(
      base,
    );
    expect(key({ query: { a: 2 }, body: { d: 1 } })).not.toBe(base);
    expect(key({ query: { a: 1 }, body: { d: 2 } })).not.toBe(base);
    expect(key({ query: { a: [1, 2] } })).not.toBe(
      key({ query: { a: [2, 1] } }),
    );
    expect(key({ query: { a: 1 }, body: { d: 1 }, vary: ['ja-JP'] })).not.toBe(
      base,
    );
  });
});

describe('createResponseCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const fill =
    (value: unknown, bytes = 1) =>
    (): Promise<CacheFill> =>
      Promise.resolve({ value, bytes });

  it('serves an entry until its TTL runs out', async () => {
    let now = 1000;
    const cache = createResponseCache({
      maxEntries: 10,
      ttlMs: 500,
      now: () => now,
    });
    expect(await cache.get('k', fill('first'))).toBe('first');
    now += 499;
    expect(await cache.get('k', fill('second'))).toBe('first');
    now += 1;
    expect(await cache.get('k', fill('third'))).toBe('third');
  });

  it('shrinks with time: entries past their TTL are dropped unread, bytes and all', async () => {
    let now = 1000;
    const cache = createResponseCache({
      maxEntries: 10,
      ttlMs: 30,
      now: () => now,
    });
    await cache.get('a', fill('a', 100));
    await cache.get('b', fill('b', 200));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(300);
    now += 31;
    // nothing reads them: lru-cache's own timer drops them once their TTL is over
    for (let i = 0; i < 200 && cache.size > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('empties after its TTL with no requests (fake timers), and says so', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let expired = 0;
    const cache = createResponseCache({
      maxEntries: 10,
      ttlMs: 5000,
      now: () => Date.now(),
      expired: (bytes) => (expired += bytes),
    });
    await cache.get('a', fill('a', 100));
    vi.advanceTimersByTime(2000);
    await cache.get('b', fill('b', 200));
    vi.advanceTimersByTime(3001);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(expired).toBe(300);
  });

  it('empties on its own clock even when its timers fire late on a busy event loop', async () => {
    // lru-cache 11.5.3 with a whole-millisecond clock (Date.now) left some entries for good:
    // a purge timer firing when the age equals the TTL exactly sets no new timer (decision 0042)
    const cache = createResponseCache({ maxEntries: 5000, ttlMs: 200 });
    let n = 0;
    await new Promise<void>((resolve) => {
      const busy = setInterval(() => {
        const until = Date.now() + 7;
        while (Date.now() < until);
        for (let i = 0; i < 20; i++) void cache.get(`k${n++}`, fill(n));
        if (n >= 1000) {
          clearInterval(busy);
          resolve();
        }
      }, 2);
    });
    expect(cache.size).toBeGreaterThan(0);
    for (let i = 0; i < 300 && cache.size > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createResponseCache({ maxEntries: 2, ttlMs: 60_000 });
    await cache.get('a', fill('a1'));
    await cache.get('b', fill('b1'));
    await cache.get('a', fill('a2')); // a is now the most recently used
    await cache.get('c', fill('c1')); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.get('a', fill('a3'))).toBe('a1');
    expect(await cache.get('b', fill('b2'))).toBe('b2');
  });

  it('keeps the summed sizes within maxBytes and skips an entry too big on its own', async () => {
    const cache = createResponseCache({
      maxEntries: 10,
      ttlMs: 60_000,
      maxBytes: 100,
    });
    await cache.get('a', fill('a', 40));
    await cache.get('b', fill('b', 40));
    await cache.get('c', fill('c', 40)); // 120 > 100: evicts a
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
    await cache.get('huge', fill('huge', 101));
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
    expect(await cache.get('a', fill('a again', 1))).toBe('a again');
  });

  it('shares one load between overlapping misses and stores no failure', async () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const failing = async (): Promise<CacheFill> => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('down');
    };
    const results = await Promise.allSettled([
      cache.get('k', failing),
      cache.get('k', failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', fill('up'))).toBe('up');
  });

  it('a refresh started later wins over a load under way; delete stops a load from storing', async () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 60_000 });
    const slow =
      (value: string): (() => Promise<CacheFill>) =>
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { value, bytes: 1 };
      };
    const old = cache.get('k', slow('old'));
    const renewed = cache.refresh('k', fill('new'));
    expect(await renewed).toBe('new');
    expect(await old).toBe('old');
    expect(await cache.get('k', fill('other'))).toBe('new');

    const pending = cache.get('d', slow('stale'));
    cache.delete('d');
    await pending;
    expect(await cache.get('d', fill('fresh'))).toBe('fresh');
  });
});

describe('client.static and client.renew over HTTP', () => {
  const coinsSchema = v.object({
    coins: v.array(v.string()),
    version: v.number(),
  });
  // the sandbox API answers through its faults: the n-th call to /coins gets version n
  let api = '';
  withFaultSandbox((url) => {
    api = url;
  });
  beforeEach(async () => {
    for (let version = 1; version <= 10; version++)
      await answer(api, '/coins', {
        body: okBody({ coins: ['BTC', 'ETH'], version }),
        ms: 20,
        times: 1,
      });
  });

  const setup = (options: Partial<RequestClientOptions> = {}) =>
    createRequestClient({
      baseURL: api,
      lang: 'en',
      platform: 'pc',
      retry: { budgetMs: 5000, maxAttempts: 1 },
      cache: createResponseCache({ maxEntries: 10, ttlMs: 60_000 }),
      ...options,
    });

  it('10 concurrent identical calls make 1 request', async () => {
    const client = setup();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.static('/coins', { schema: coinsSchema }),
      ),
    );
    expect(await hits(api, '/coins')).toBe(1);
    expect(new Set(results.map((r) => r.version))).toEqual(new Set([1]));
    // Callers share one checked result, frozen: one caller's mutation cannot reach another.
    const [first, second] = results;
    expect(first).toBe(second);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as { version: number }).version = 2;
    }).toThrow(TypeError);
    expect(second?.version).toBe(1);
  });

  it('query order does not matter; different POST data does', async () => {
    const client = setup();
    await client.static('/coins', {
      schema: coinsSchema,
      query: { a: 1, b: 2 },
    });
    await client.static('/coins', {
      schema: coinsSchema,
      query: { b: 2, a: 1 },
    });
    expect(await hits(api, '/coins')).toBe(1);
    const post = (body: Record<string, unknown>) =>
      client.static('/coins', { schema: coinsSchema, method: 'POST', body });
    await post({ x: 1, y: 2 });
    await post({ y: 2, x: 1 });
    expect(await hits(api, '/coins')).toBe(2);
    await post({ x: 1, y: 3 });
    expect(await hits(api, '/coins')).toBe(3);
  });

  it('asks again after the TTL', async () => {
    let now = 0;
    const client = setup({
      cache: createResponseCache({
        maxEntries: 10,
        ttlMs: 1000,
        now: () => now,
      }),
    });
    await client.static('/coins', { schema: coinsSchema });
    now = 999;
    await client.static('/coins', { schema: coinsSchema });
    expect(await hits(api, '/coins')).toBe(1);
    now = 1000;
    expect(
      await client.static('/coins', { schema: coinsSchema }),
    ).toMatchObject({ version: 2 });
  });

  it('stays within maxEntries', async () => {
    const cache = createResponseCache({ maxEntries: 2, ttlMs: 60_000 });
    const client = setup({ cache });
    for (const page of [1, 2, 3])
      await client.static('/coins', { schema: coinsSchema, query: { page } });
    expect(cache.size).toBe(2);
    await client.static('/coins', { schema: coinsSchema, query: { page: 3 } });
    expect(await hits(api, '/coins')).toBe(3);
    await client.static('/coins', { schema: coinsSchema, query: { page: 1 } });
    expect(await hits(api, '/coins')).toBe(4);
  });

  it('renew skips the cache and refreshes the entry', async () => {
    const client = setup();
    expect(
      await client.static('/coins', { schema: coinsSchema }),
    ).toMatchObject({ version: 1 });
    expect(await client.renew('/coins', { schema: coinsSchema })).toMatchObject(
      { version: 2 },
    );
    expect(
      await client.static('/coins', { schema: coinsSchema }),
    ).toMatchObject({ version: 2 });
    expect(await hits(api, '/coins')).toBe(2);
  });

  it('does not cache failures: HTTP errors or malformed results', async () => {
    await clearFaults(api);
    await answer(api, '/coins', { status: 500, body: 'boom', times: 1 });
    await answer(api, '/coins', { body: okBody({ coins: 'BTC' }), times: 1 });
    await answer(api, '/coins', {
      body: okBody({ coins: [], version: 3 }),
      times: 1,
    });
    const client = setup();
    await expect(
      client.static('/coins', { schema: coinsSchema }),
    ).rejects.toMatchObject({ status: 500 });
    await expect(
      client.static('/coins', { schema: coinsSchema }),
    ).rejects.toBeInstanceOf(SchemaError);
    expect(
      await client.static('/coins', { schema: coinsSchema }),
    ).toMatchObject({ version: 3 });
    expect(
      await client.static('/coins', { schema: coinsSchema }),
    ).toMatchObject({ version: 3 });
    expect(await hits(api, '/coins')).toBe(3);
  });

  it('varies on Lang: a shared cache never serves one language to another', async () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 60_000 });
    await setup({ cache, lang: 'en' }).static('/coins', {
      schema: coinsSchema,
    });
    await setup({ cache, lang: 'ja-JP' }).static('/coins', {
      schema: coinsSchema,
    });
    expect(await hits(api, '/coins')).toBe(2);
  });

  it('one caller aborting stops its own wait, not the shared request', async () => {
    const client = setup();
    const controller = new AbortController();
    const aborted = client.static('/coins', {
      schema: coinsSchema,
      signal: controller.signal,
    });
    const other = client.static('/coins', { schema: coinsSchema });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted' });
    await expect(other).resolves.toMatchObject({ version: 1 });
    expect(await hits(api, '/coins')).toBe(1);
  });

  it('without a cache, static is a plain call', async () => {
    const client = createRequestClient({
      baseURL: api,
      lang: 'en',
      platform: 'pc',
    });
    await client.static('/coins', { schema: coinsSchema });
    await client.static('/coins', { schema: coinsSchema });
    expect(await hits(api, '/coins')).toBe(2);
  });
});
