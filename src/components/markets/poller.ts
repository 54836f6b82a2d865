/**
 * Polling for public figures, kind to the API and the reader's battery:
 *
 * - one read every `intervalMs` (`MARKET_POLL_MS`, 5 s: the sandbox moves its figures every
 *   5 s and the site's proxy micro-caches them for 1 s, so a shorter interval shows nothing new);
 * - nothing while the page is hidden; on coming back, a read at once if the last one is older
 *   than the interval;
 * - after a failure the wait doubles (10 s, 20 s, … up to `maxBackoffMs`, 2 min) and goes back
 *   to the interval after the next success;
 * - one read at a time; `stop()` ends it all (timers and the read in flight are abandoned).
 */
export const MARKET_POLL_MS = 5000;
export const MARKET_MAX_BACKOFF_MS = 120_000;

/** The wait before the next read after `failures` failures in a row. */
export const nextPollDelay = (
  failures: number,
  intervalMs = MARKET_POLL_MS,
  maxBackoffMs = MARKET_MAX_BACKOFF_MS,
): number =>
  failures <= 0
    ? intervalMs
    : Math.min(maxBackoffMs, intervalMs * 2 ** Math.min(failures, 30));

export type PageVisibility = {
  readonly hidden: () => boolean;
  /** Calls `onChange` when the page is hidden or shown; returns the unsubscribe. */
  readonly subscribe: (onChange: () => void) => () => void;
};

export type PollerOptions<T> = {
  readonly read: (signal: AbortSignal) => Promise<T>;
  readonly onData: (data: T) => void;
  readonly onError?: (error: unknown, failures: number) => void;
  readonly visibility: PageVisibility;
  readonly intervalMs?: number;
  readonly maxBackoffMs?: number;
  readonly now?: () => number;
  /** When the figures on the page were read (the server's snapshot), ms. */
  readonly lastReadAt?: number;
};

export type Poller = { readonly stop: () => void };

export const startPoller = <T>(options: PollerOptions<T>): Poller => {
  const interval = options.intervalMs ?? MARKET_POLL_MS;
  const maxBackoff = options.maxBackoffMs ?? MARKET_MAX_BACKOFF_MS;
  const now = options.now ?? Date.now;
  let failures = 0;
  let lastReadAt = options.lastReadAt ?? now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let stopped = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delay: number) => {
    clear();
    if (stopped || options.visibility.hidden()) return;
    timer = setTimeout(() => void tick(), Math.max(0, delay));
  };
  const tick = async () => {
    timer = undefined;
    if (stopped || inFlight || options.visibility.hidden()) return;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const data = await options.read(controller.signal);
      if (stopped || controller.signal.aborted) return;
      failures = 0;
      lastReadAt = now();
      options.onData(data);
    } catch (error) {
      if (stopped || controller.signal.aborted) return;
      failures += 1;
      options.onError?.(error, failures);
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
    schedule(nextPollDelay(failures, interval, maxBackoff));
  };
  const onVisibility = () => {
    if (options.visibility.hidden()) {
      clear();
      return;
    }
    if (timer !== undefined || inFlight) return;
    const due = failures
      ? nextPollDelay(failures, interval, maxBackoff)
      : interval - (now() - lastReadAt);
    schedule(due);
  };
  const unsubscribe = options.visibility.subscribe(onVisibility);
  schedule(interval - (now() - lastReadAt));
  return {
    stop: () => {
      stopped = true;
      clear();
      inFlight?.abort();
      inFlight = undefined;
      unsubscribe();
    },
  };
};

/** The document's visibility (Page Visibility API). */
export const documentVisibility = (doc: Document): PageVisibility => ({
  hidden: () => doc.visibilityState === 'hidden',
  subscribe: (onChange) => {
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  },
});
