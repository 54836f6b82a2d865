import { LRUCache } from 'lru-cache';

/**
 * A micro-cache for public answers many visitors ask for at once (market tickers): an answer is
 * kept for `ttlMs` (1 s), and the misses that arrive while it is being read wait for that one
 * read instead of starting their own. So the API sees at most one read per key per `ttlMs`, however
 * many visitors poll. Only answers `fill` marks cacheable are kept; a failed read is shared by
 * the requests waiting on it but not kept.
 */
export type MicroCacheEntry = {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
  /** Kept for `ttlMs` when true (a 200 of public data), else only shared with waiting requests. */
  readonly cacheable: boolean;
};

export type MicroCache = {
  /** The cached answer for `key`, or the one read `fill` makes (shared by concurrent misses). */
  readonly get: (
    key: string,
    fill: () => Promise<MicroCacheEntry>,
  ) => Promise<MicroCacheEntry & { readonly hit: boolean }>;
  /** How many answers are kept. */
  readonly size: () => number;
};

export const MICRO_CACHE_TTL_MS = 1000;
const MAX_KEYS = 256;

export const createMicroCache = ({
  ttlMs = MICRO_CACHE_TTL_MS,
  now: clock,
}: { ttlMs?: number; now?: () => number } = {}): MicroCache => {
  const now = clock ?? Date.now;
  // bounded in keys (the least recently stored forgotten first) and in time: an answer goes on
  // lru-cache's timer once its `ttlMs` is over, so an idle process keeps no bodies (issue 41
  // point 5); a test's clock, else lru-cache's own (decision 0042)
  const stored = new LRUCache<
    string,
    { entry: MicroCacheEntry; until: number }
  >({
    max: MAX_KEYS,
    ttl: Math.max(1, ttlMs),
    ttlAutopurge: true,
    ttlResolution: 0,
    ...(clock ? { perf: { now: clock } } : {}),
  });
  const reading = new Map<string, Promise<MicroCacheEntry>>();
  return {
    size: () => stored.size,
    get: async (key, fill) => {
      const kept = stored.peek(key);
      if (kept && kept.until > now()) return { ...kept.entry, hit: true };
      if (kept) stored.delete(key);
      const pending = reading.get(key);
      if (pending) return { ...(await pending), hit: true };
      const read = fill();
      reading.set(key, read);
      try {
        const entry = await read;
        if (entry.cacheable) stored.set(key, { entry, until: now() + ttlMs });
        return { ...entry, hit: false };
      } finally {
        reading.delete(key);
      }
    },
  };
};
