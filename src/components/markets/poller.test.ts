import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  MARKET_MAX_BACKOFF_MS,
  MARKET_POLL_MS,
  nextPollDelay,
  startPoller,
  type PageVisibility,
} from './poller.ts';

/** A page whose visibility the test sets. */
const fakePage = () => {
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: PageVisibility = {
    hidden: () => hidden,
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return {
    visibility,
    listeners,
    setHidden: (value: boolean) => {
      hidden = value;
      for (const fn of listeners) fn();
    },
  };
};

/** A poller on `page` that reads every second and drops what it reads. */
const readEverySecond = (
  page: ReturnType<typeof fakePage>,
  read: () => Promise<unknown>,
  options: { lastReadAt?: number } = {},
) =>
  startPoller({
    read,
    onData: () => undefined,
    visibility: page.visibility,
    intervalMs: 1000,
    ...options,
  });

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('nextPollDelay', () => {
  it('is the interval without failures, then doubles up to the cap', () => {
    expect(nextPollDelay(0)).toBe(MARKET_POLL_MS);
    expect(nextPollDelay(1)).toBe(2 * MARKET_POLL_MS);
    expect(nextPollDelay(2)).toBe(4 * MARKET_POLL_MS);
    expect(nextPollDelay(10)).toBe(MARKET_MAX_BACKOFF_MS);
    expect(nextPollDelay(10_000)).toBe(MARKET_MAX_BACKOFF_MS);
  });
});

describe('startPoller', () => {
  it('reads once per interval and hands over each answer', async () => {
    const page = fakePage();
    let n = 0;
    const seen: number[] = [];
    const poller = startPoller({
      read: () => Promise.resolve(++n),
      onData: (d) => seen.push(d),
      visibility: page.visibility,
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen).toEqual([1, 2, 3, 4]);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(page.listeners.size).toBe(0);
  });

  it('reads at once when the figures on the page are older than the interval', async () => {
    const page = fakePage();
    const read = vi.fn(() => Promise.resolve('x'));
    const poller = readEverySecond(page, read, {
      lastReadAt: Date.now() - 60_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('pauses while the page is hidden and reads on return when due', async () => {
    const page = fakePage();
    const read = vi.fn(() => Promise.resolve('x'));
    const poller = readEverySecond(page, read);
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(1);
    page.setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('backs off after failures and returns to the interval after a success', async () => {
    const page = fakePage();
    const outcomes = [false, false, false, true, true];
    const at: number[] = [];
    const errors: number[] = [];
    const start = Date.now();
    const poller = startPoller({
      read: () => {
        at.push(Date.now() - start);
        return (outcomes.shift() ?? true)
          ? Promise.resolve('ok')
          : Promise.reject(new Error('down'));
      },
      onData: () => undefined,
      onError: (_e, failures) => errors.push(failures),
      visibility: page.visibility,
      intervalMs: 1000,
      maxBackoffMs: 5000,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    poller.stop();
    // 1 s, then +2 s, +4 s, +5 s (capped), then +1 s after the success
    expect(at.slice(0, 5)).toEqual([1000, 3000, 7000, 12_000, 13_000]);
    expect(errors).toEqual([1, 2, 3]);
  });

  it('never overlaps reads, and drops an answer that comes after stop()', async () => {
    const page = fakePage();
    let release: ((v: string) => void) | undefined;
    const read = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    );
    const onData = vi.fn();
    const poller = startPoller({
      read,
      onData,
      visibility: page.visibility,
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    page.setHidden(true);
    page.setHidden(false);
    expect(read).toHaveBeenCalledTimes(1);
    poller.stop();
    release?.('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(onData).not.toHaveBeenCalled();
  });
});
