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
};

export const MICRO_CACHE_TTL_MS = 1000;
const MAX_KEYS = 256;

export const createMicroCache = ({
  ttlMs = MICRO_CACHE_TTL_MS,
  now = Date.now,
}: { ttlMs?: number; now?: () => number } = {}): MicroCache => {
  const stored = new Map<string, { entry: MicroCacheEntry; until: number }>();
  const reading = new Map<string, Promise<MicroCacheEntry>>();
  return {
    get: async (key, fill) => {
      const kept = stored.get(key);
      if (kept && kept.until > now()) return { ...kept.entry, hit: true };
      if (kept) stored.delete(key);
      const pending = reading.get(key);
      if (pending) return { ...(await pending), hit: true };
      const read = fill();
      reading.set(key, read);
      try {
        const entry = await read;
        if (entry.cacheable) {
          if (stored.size >= MAX_KEYS) {
            const oldest = stored.keys().next();
            if (!oldest.done) stored.delete(oldest.value);
          }
          stored.set(key, { entry, until: now() + ttlMs });
        }
        return { ...entry, hit: false };
      } finally {
        reading.delete(key);
      }
    },
  };
};
