/**
 * What Back and Forward bring back (issue 41 point 7): for each history entry, where the page
 * was scrolled when it was left, and for the few most recent ones the page itself (the router's
 * elements), so a traversal shows the page as it was left without asking the server again.
 *
 * Each entry is named by a key kept in its `history.state` (the router copies the state of the
 * entry it leaves into the one it pushes, so a key seen twice means a new entry; see
 * `HistoryNavigation`). Positions are kept in memory and, on `pagehide`, in session storage, so
 * a reload or a traversal that loads the document again finds them too. Pages are kept in
 * memory only, at most `KEPT_PAGES_MAX` of them for at most `KEPT_PAGE_TTL_MS`, and forgotten
 * when the session changes (login, logout).
 */

/** Where an entry's page was scrolled to. */
export type ScrollSpot = { readonly x: number; readonly y: number };

/** The route a kept page is for, as the router names it (path and query). */
export type KeptRoute = { readonly path: string; readonly query: string };

/** How many left pages are kept for Back and Forward, and how long (an older one is fetched). */
export const KEPT_PAGES_MAX = 8;
export const KEPT_PAGE_TTL_MS = 10 * 60_000;
/** How many entries' positions are remembered (in memory and in session storage). */
export const SCROLL_SPOTS_MAX = 50;
/** The session storage item the positions are saved under. */
export const SCROLL_SPOTS_ITEM = 'zmx-scroll-spots';
/** The `history.state` field naming an entry. */
export const ENTRY_KEY_FIELD = 'zmxEntry';

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

/** A new entry key: random enough that two tabs or two loads never share one. */
export const newEntryKey = (): string =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key of the entry whose state this is, if it has one. */
export const entryKeyOf = (state: unknown): string | undefined => {
  if (!isRecord(state)) return undefined;
  const key = state[ENTRY_KEY_FIELD];
  return typeof key === 'string' && key.length > 0 && key.length <= 64
    ? key
    : undefined;
};

/** The state with `key` as its entry key (whatever else it holds is kept). */
export const stateWithEntryKey = (
  state: unknown,
  key: string,
): Record<string, unknown> => ({
  ...(isRecord(state) ? state : {}),
  [ENTRY_KEY_FIELD]: key,
});

const isSpot = (value: unknown): value is ScrollSpot =>
  isRecord(value) &&
  typeof value.x === 'number' &&
  typeof value.y === 'number' &&
  Number.isFinite(value.x) &&
  Number.isFinite(value.y) &&
  value.x >= 0 &&
  value.y >= 0;

/** Positions read back from session storage (anything malformed is ignored). */
export const parseSpots = (text: string | null): [string, ScrollSpot][] => {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const spots: [string, ScrollSpot][] = [];
  for (const item of data.slice(-SCROLL_SPOTS_MAX)) {
    if (!Array.isArray(item)) continue;
    const [key, spot] = item as unknown[];
    if (typeof key === 'string' && entryKeyOf({ [ENTRY_KEY_FIELD]: key }))
      if (isSpot(spot)) spots.push([key, { x: spot.x, y: spot.y }]);
  }
  return spots;
};

/** Whether the window is at `spot`, give or take a device pixel's rounding. */
export const isAt = (current: ScrollSpot, spot: ScrollSpot): boolean =>
  Math.abs(current.x - spot.x) <= 1 && Math.abs(current.y - spot.y) <= 1;
