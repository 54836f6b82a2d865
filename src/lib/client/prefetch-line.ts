import { isRscPath, navigationPath } from '../navigation-path.ts';

type Timer = ReturnType<typeof setTimeout>;

/**
 * How long the Waku router keeps a prefetched payload: its `PREFETCH_TTL`, which it does not
 * export (src/framework-internals.test.ts compares the two).
 */
export const WAKU_PREFETCH_TTL_MS = 60_000;

export type PrefetchLine = {
  /** Asks for a route's payload: started now when a place is free, else put in line. */
  readonly want: (path: string) => void;
  /** A prefetch finished (or gave up): its place goes to the next in line. */
  readonly done: (path: string) => void;
  readonly inFlight: () => number;
  /** Stops: no timer left, nothing more started. */
  readonly dispose: () => void;
};

/**
 * The key of a route: its path without query or fragment, unescaped (how a payload request
 * names it).
 */
export const routeKey = (path: string): string => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/**
 * At most `limit` route prefetches in flight (spec §9: 4 route preloads in parallel). The rest
 * wait in line, first come first served; when more than `limit` wait, the oldest wish is
 * dropped (the pointer has long moved on). A prefetch that never reports back frees its place
 * after `timeoutMs`, so a lost answer cannot stop prefetching for good. A route fetched less
 * than `freshMs` ago is not asked for again (the router keeps a prefetched payload that long
 * and would send no request, so nothing would report back).
 */
export const createPrefetchLine = ({
  limit,
  timeoutMs,
  freshMs,
  start,
  now = Date.now,
}: {
  limit: number;
  timeoutMs: number;
  freshMs: number;
  start: (path: string) => void;
  now?: () => number;
}): PrefetchLine => {
  const running = new Map<string, Timer>();
  const waiting: string[] = [];
  const fetchedAt = new Map<string, number>();
  const launch = (path: string) => {
    running.set(
      routeKey(path),
      setTimeout(() => finish(path, false), timeoutMs),
    );
    start(path);
  };
  let disposed = false;
  /** `answered`: the payload arrived (it is fresh now); a give-up marks nothing fetched. */
  const finish = (path: string, answered: boolean) => {
    const key = routeKey(path);
    const timer = running.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    running.delete(key);
    if (answered) {
      fetchedAt.delete(key);
      fetchedAt.set(key, now());
      // bounded: the oldest answers are forgotten first
      if (fetchedAt.size > 100) {
        const oldest = fetchedAt.keys().next().value;
        if (oldest !== undefined) fetchedAt.delete(oldest);
      }
    }
    const next = waiting.shift();
    if (next !== undefined && !disposed) launch(next);
  };
  const done = (path: string) => finish(path, true);
  const want = (path: string) => {
    if (disposed) return;
    const key = routeKey(path);
    if (running.has(key) || waiting.some((w) => routeKey(w) === key)) return;
    const at = fetchedAt.get(key);
    if (at !== undefined && now() - at < freshMs) return;
    if (running.size < limit) {
      launch(path);
      return;
    }
    waiting.push(path);
    if (waiting.length > limit) waiting.shift();
  };
  const dispose = () => {
    disposed = true;
    for (const timer of running.values()) clearTimeout(timer);
    running.clear();
    waiting.length = 0;
  };
  return { want, done, inFlight: () => running.size, dispose };
};

/**
 * Reports each finished route payload request (`/RSC/R/…`, seen in resource timing) to `line`.
 * Returns the function that stops watching.
 */
export const watchPayloads = (line: PrefetchLine): (() => void) => {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      let pathname: string;
      try {
        pathname = new URL(entry.name).pathname;
      } catch {
        continue;
      }
      if (!isRscPath(pathname)) continue;
      const path = navigationPath(pathname);
      if (path !== undefined) line.done(path);
    }
  });
  observer.observe({ type: 'resource', buffered: false });
  return () => observer.disconnect();
};
