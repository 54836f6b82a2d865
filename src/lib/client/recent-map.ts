/** How the pages left lately are kept for Back and Forward (`HistoryNavigation`'s chunk). */

/** How many left pages are kept for Back and Forward, and how long (an older one is fetched). */
export const KEPT_PAGES_MAX = 8;
export const KEPT_PAGE_TTL_MS = 10 * 60_000;
/**
 * A map bounded in entries and, when `maxAgeMs` is given, in age: the least recently used
 * entry goes first, an entry older than `maxAgeMs` is gone when next read (and pruned on
 * every write, so the map also shrinks with time).
 */
export const createRecentMap = <V>({
  max,
  maxAgeMs,
  now = Date.now,
}: {
  max: number;
  maxAgeMs?: number;
  now?: () => number;
}) => {
  const entries = new Map<string, { value: V; at: number }>();
  const expired = (at: number) =>
    maxAgeMs !== undefined && now() - at > maxAgeMs;
  const prune = () => {
    for (const [key, entry] of entries)
      if (expired(entry.at)) entries.delete(key);
  };
  return {
    get: (key: string): V | undefined => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (expired(entry.at)) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set: (key: string, value: V): void => {
      prune();
      entries.delete(key);
      entries.set(key, { value, at: now() });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete: (key: string): void => {
      entries.delete(key);
    },
    clear: (): void => entries.clear(),
    size: (): number => entries.size,
    /** Oldest first. */
    entries: (): [string, V][] =>
      [...entries].map(([key, entry]) => [key, entry.value]),
  };
};
