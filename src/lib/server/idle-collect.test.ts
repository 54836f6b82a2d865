import { afterEach, describe, expect, it, vi } from 'vitest';

import { idleCollector } from './idle-collect.ts';

describe('idleCollector', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once, a quiet period after caches dropped enough, and only while the loop is idle', () => {
    vi.useFakeTimers();
    const loads = [0.9, 0.3, 0.01];
    let collections = 0;
    const collectWhenIdle = idleCollector({
      collect: () => collections++,
      // the first reading starts the span; then busy, busy, idle
      utilization: () => loads.shift() ?? 0,
      quietMs: 10_000,
      minBytes: 1000,
    });
    loads.unshift(0);
    collectWhenIdle(600);
    expect(vi.getTimerCount()).toBe(0); // not enough to be worth a pause yet
    collectWhenIdle(600);
    collectWhenIdle(600); // coalesced with the one before
    vi.advanceTimersByTime(10_000);
    expect(collections).toBe(0); // busy (0.9): V8 collects on its own under load
    vi.advanceTimersByTime(10_000);
    expect(collections).toBe(0); // still busy (0.3)
    vi.advanceTimersByTime(10_000);
    expect(collections).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(1); // nothing dropped since: no timer, no collection
    collectWhenIdle(1000);
    vi.advanceTimersByTime(10_000);
    expect(collections).toBe(2);
  });

  it('does nothing without V8’s gc (no --expose-gc)', () => {
    vi.useFakeTimers();
    let readings = 0;
    const collectWhenIdle = idleCollector({
      collect: undefined,
      utilization: () => readings++,
    });
    collectWhenIdle(10 * 1024 * 1024);
    vi.advanceTimersByTime(60_000);
    expect(readings).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
