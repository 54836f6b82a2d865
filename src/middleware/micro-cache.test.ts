import { afterEach, describe, expect, it, vi } from 'vitest';

import { createMicroCache, type MicroCacheEntry } from './micro-cache.ts';

const entry = (body: string, cacheable = true): MicroCacheEntry => ({
  status: cacheable ? 200 : 503,
  headers: [['content-type', 'application/json']],
  body,
  cacheable,
});

describe('createMicroCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('empties after its TTL with no requests (fake timers)', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = createMicroCache({ ttlMs: 1000, now: () => Date.now() });
    await cache.get('a', () => Promise.resolve(entry('a')));
    vi.advanceTimersByTime(500);
    await cache.get('b', () => Promise.resolve(entry('b')));
    expect(cache.size()).toBe(2);
    vi.advanceTimersByTime(501);
    expect(cache.size()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(cache.size()).toBe(0);
  });

  it('shares one read among concurrent misses and keeps it for the TTL only', async () => {
    let clock = 0;
    let reads = 0;
    const cache = createMicroCache({ ttlMs: 1000, now: () => clock });
    let release: (() => void) | undefined;
    const fill = () => {
      reads += 1;
      return new Promise<MicroCacheEntry>((resolve) => {
        release = () => resolve(entry(`read ${reads}`));
      });
    };
    const waiting = Array.from({ length: 10 }, () => cache.get('k', fill));
    release?.();
    const first = await Promise.all(waiting);
    expect(reads).toBe(1);
    expect(first.map((a) => a.body)).toEqual(Array(10).fill('read 1'));
    expect(first.filter((a) => !a.hit)).toHaveLength(1);

    clock = 999;
    expect((await cache.get('k', fill)).hit).toBe(true);
    expect(reads).toBe(1);

    clock = 1000;
    const next = cache.get('k', fill);
    release?.();
    expect((await next).body).toBe('read 2');
    expect(reads).toBe(2);
  });

  it('never keeps an answer marked not cacheable, and keys apart', async () => {
    let reads = 0;
    const cache = createMicroCache({ ttlMs: 1000, now: () => 0 });
    const failing = () => {
      reads += 1;
      return Promise.resolve(entry('down', false));
    };
    await cache.get('a', failing);
    await cache.get('a', failing);
    expect(reads).toBe(2);
    await cache.get('b', () => Promise.resolve(entry('b')));
    expect((await cache.get('b', failing)).body).toBe('b');
    expect(reads).toBe(2);
  });
});
