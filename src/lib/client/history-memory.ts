/**
 * What Back and Forward bring back (issue 41 point 7): for each history entry, where the page
 * was scrolled when it was left, and for the few most recent ones the page itself (the router's
 * elements), so a traversal shows the page as it was left without asking the server again.
 *
 * Each entry is named by a key kept in its `history.state` (the router copies the state of the
 * entry it leaves into the one it pushes, so a key seen twice means a new entry; see
 * `HistoryNavigation`). Positions are kept in memory and, on `pagehide`, in session storage, so
 * a reload or a traversal that loads the document again finds them too. Pages are kept in
 * memory only (`recent-map.ts`, with `HistoryNavigation`), and forgotten when the session
 * changes (login, logout).
 */

/** Where an entry's page was scrolled to. */
export type ScrollSpot = { readonly x: number; readonly y: number };

/** The route a kept page is for, as the router names it (path and query). */
export type KeptRoute = { readonly path: string; readonly query: string };

/** How many entries' positions are remembered (in memory and in session storage). */
export const SCROLL_SPOTS_MAX = 50;
/** The session storage item the positions are saved under. */
export const SCROLL_SPOTS_ITEM = 'zmx-scroll-spots';
/** The `history.state` field naming an entry. */
export const ENTRY_KEY_FIELD = 'zmxEntry';

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
  value.x >= 0 &&
  value.y >= 0;

/** Positions read back from session storage (anything malformed is ignored). */
export const parseSpots = (text: string | null): [string, ScrollSpot][] => {
  try {
    const data: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(data)
      ? (data as unknown[])
          .filter(
            (item): item is [string, ScrollSpot] =>
              Array.isArray(item) &&
              entryKeyOf({ [ENTRY_KEY_FIELD]: item[0] as unknown }) !==
                undefined &&
              isSpot(item[1] as unknown),
          )
          .slice(-SCROLL_SPOTS_MAX)
      : [];
  } catch {
    return [];
  }
};

/** Whether the window is at `spot`, give or take a device pixel's rounding. */
export const isAt = (current: ScrollSpot, spot: ScrollSpot): boolean =>
  Math.abs(current.x - spot.x) <= 1 && Math.abs(current.y - spot.y) <= 1;
