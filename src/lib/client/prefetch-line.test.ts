import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createPrefetchLine, routeKey } from './prefetch-line.ts';

describe('the prefetch line (at most 4 route preloads in parallel)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const line = (limit = 4) => {
    const started: string[] = [];
    const l = createPrefetchLine({
      limit,
      timeoutMs: 10_000,
      freshMs: 60_000,
      start: (path) => started.push(path),
      now: () => Date.now(),
    });
    return { l, started };
  };

  it('starts up to the limit, queues the rest, and starts the next as each one finishes', () => {
    const { l, started } = line();
    for (const p of ['/en/a', '/en/b', '/en/c', '/en/d', '/en/e', '/en/f'])
      l.want(p);
    expect(started).toEqual(['/en/a', '/en/b', '/en/c', '/en/d']);
    expect(l.inFlight()).toBe(4);
    l.done('/en/b');
    expect(started.at(-1)).toBe('/en/e');
    expect(l.inFlight()).toBe(4);
    l.done('/en/a');
    l.done('/en/c');
    expect(started).toEqual([
      '/en/a',
      '/en/b',
      '/en/c',
      '/en/d',
      '/en/e',
      '/en/f',
    ]);
    expect(l.inFlight()).toBe(3);
  });

  it('asks for a route once while it runs or waits, and not again while its payload is fresh', () => {
    const { l, started } = line(1);
    l.want('/en/a');
    l.want('/en/a?x=1');
    l.want('/en/b');
    l.want('/en/b#top');
    expect(started).toEqual(['/en/a']);
    l.done('/en/a');
    expect(started).toEqual(['/en/a', '/en/b']);
    l.done('/en/b');
    l.want('/en/a');
    expect(started).toHaveLength(2);
    vi.advanceTimersByTime(60_001);
    l.want('/en/a');
    expect(started).toEqual(['/en/a', '/en/b', '/en/a']);
  });

  it('drops the oldest wish when more than the limit wait', () => {
    const { l, started } = line(2);
    for (const p of ['/en/a', '/en/b', '/en/c', '/en/d', '/en/e']) l.want(p);
    l.done('/en/a');
    l.done('/en/b');
    // /en/c was dropped: /en/d and /en/e were the latest wishes
    expect(started).toEqual(['/en/a', '/en/b', '/en/d', '/en/e']);
  });

  it('a prefetch that never reports back frees its place after the timeout', () => {
    const { l, started } = line(1);
    l.want('/en/a');
    l.want('/en/b');
    expect(started).toEqual(['/en/a']);
    vi.advanceTimersByTime(10_000);
    expect(started).toEqual(['/en/a', '/en/b']);
    // a late report for the abandoned one changes nothing
    l.done('/en/a');
    expect(l.inFlight()).toBe(1);
    // and a give-up is not an answer: the route may be asked for again at once
    l.done('/en/b');
    l.want('/en/a');
    expect(started).toEqual(['/en/a', '/en/b', '/en/a']);
  });

  it('once disposed, starts nothing and leaves no timer behind', () => {
    const { l, started } = line(1);
    l.want('/en/a');
    l.want('/en/b');
    l.dispose();
    expect(l.inFlight()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    l.want('/en/c');
    l.done('/en/a');
    vi.advanceTimersByTime(20_000);
    expect(started).toEqual(['/en/a']);
  });

  it('keys a route by its unescaped path, as a payload request names it', () => {
    expect(routeKey('/ja-JP/welcome/%E3%81%82?x=1#y')).toBe(
      '/ja-JP/welcome/あ',
    );
    expect(routeKey('/en/%E0%A4%A')).toBe('/en/%E0%A4%A');
  });
});
