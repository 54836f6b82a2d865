/**
 * The response cache behind the client's `static` calls (spec §7): a bounded in-memory LRU with a
 * TTL. Identical misses that overlap share one load; failed loads are never stored.
 *
 * Values are stored as the API sent them (the envelope's `result`, already checked once by the
 * loading call) and every reader gets the output of its own schema (the client checks a stored
 * value once per schema and shares that output deeply frozen), so two endpoints' schemas can
 * never hand each other's output around, and no reader can mutate what another reader holds.
 */

import { LRUCache } from 'lru-cache';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
export type Query = Readonly<Record<string, QueryValue>>;

export type CacheKeyParts = {
  readonly method: string;
  readonly url: string;
  readonly query?: Query | undefined;
  readonly body?: unknown;
  /** What else changes the answer for the same URL (the client passes base URL, Lang and Platform). */
  readonly vary?: readonly string[] | undefined;
};

const byKey = ([a]: [string, unknown], [b]: [string, unknown]): number =>
  a < b ? -1 : a > b ? 1 : 0;

/** JSON with object keys sorted at every depth, so `{a, b}` and `{b, a}` give the same text. */
export const canonicalJson = (value: unknown): string | undefined =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(byKey))
      : item,
  );

/** Query values as they go on the wire (1 and '1' are the same URL); undefined values are dropped. */
const canonicalQuery = (
  query: Query | undefined,
): [string, string | string[]][] =>
  Object.entries(query ?? {})
    .filter(
      (entry): entry is [string, Exclude<QueryValue, undefined>] =>
        entry[1] !== undefined,
    )
    .map(([key, value]): [string, string | string[]] => [
      key,
      Array.isArray(value)
        ? value.map(String)
        : value === null
          ? ''
          : String(value),
    ])
    .sort(byKey);

/** Stable key of a request: method, URL, query (keys sorted) and body (canonical JSON). */
export const responseCacheKey = ({
  method,
  url,
  query,
  body,
  vary,
}: CacheKeyParts): string =>
  JSON.stringify([
    method.toUpperCase(),
    url,
    canonicalQuery(query),
    canonicalJson(body) ?? null,
    vary ?? [],
  ]);

/** What a load puts in the cache: the value and its approximate size (length of the body text). */
export type CacheFill = { readonly value: unknown; readonly bytes: number };

export type ResponseCache = {
  /** The fresh entry; else the load already under way for this key; else a new load. */
  get(key: string, load: () => Promise<CacheFill>): Promise<unknown>;
  /** Always loads (joining nothing) and replaces the entry on success; later `get`s join this load. */
  refresh(key: string, load: () => Promise<CacheFill>): Promise<unknown>;
  /** Drops the entry; a load under way for the key will not store. */
  delete(key: string): void;
  /** Drops every entry; loads under way will not store. */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
};

export type ResponseCacheOptions = {
  readonly maxEntries: number;
  readonly ttlMs: number;
  /** Upper bound of the summed entry sizes; an entry bigger than this on its own is not stored. */
  readonly maxBytes?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
  /** Called after an entry's TTL ran out and its timer dropped it (the server collects then). */
  readonly expired?: (bytes: number) => void;
};

type Entry = {
  readonly value: unknown;
  readonly expiresAt: number;
  readonly bytes: number;
};

export const createResponseCache = ({
  maxEntries,
  ttlMs,
  maxBytes = Number.POSITIVE_INFINITY,
  now: clock,
  expired,
}: ResponseCacheOptions): ResponseCache => {
  const now = clock ?? Date.now;
  if (!(maxEntries >= 1) || !(ttlMs >= 0) || !(maxBytes >= 0)) {
    throw new RangeError(
      'createResponseCache: maxEntries ≥ 1, ttlMs ≥ 0 and maxBytes ≥ 0',
    );
  }
  // lru-cache keeps the recency order and both bounds (it refuses an entry bigger than
  // `maxEntrySize` on its own), and drops an entry when its TTL is over on its own timer, read
  // or not, so the cache shrinks back once load ends (issue 41 point 5). Its clock is a test's
  // `now`, else lru-cache's own (`performance.now()`): with a whole-millisecond clock such as
  // `Date.now` lru-cache 11.5.3 leaves some entries for good (decision 0042: a purge timer that
  // fires when the age equals the TTL exactly finds the entry fresh and sets no new timer). The
  // expiry is also checked here on every read.
  const sizeLimit = Number.isFinite(maxBytes)
    ? Math.max(1, Math.floor(maxBytes))
    : Number.MAX_SAFE_INTEGER;
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: sizeLimit,
    maxEntrySize: sizeLimit,
    ...(ttlMs > 0
      ? {
          ttl: ttlMs,
          ttlAutopurge: true,
          ttlResolution: 0,
          ...(clock ? { perf: { now: clock } } : {}),
        }
      : {}),
    ...(expired
      ? {
          disposeAfter: (entry: Entry, _key: string, reason: string) => {
            if (reason === 'expire') expired(entry.bytes);
          },
        }
      : {}),
  });
  const loading = new Map<string, Promise<unknown>>();

  const store = (key: string, { value, bytes }: CacheFill): void => {
    entries.delete(key);
    if (bytes > maxBytes || ttlMs === 0) return;
    // lru-cache counts sizes as positive integers: an empty body still takes a place
    entries.set(
      key,
      { value, expiresAt: now() + ttlMs, bytes },
      { size: Math.max(1, Math.ceil(bytes)) },
    );
  };

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key); // now the most recently used
    if (!entry) return undefined;
    if (entry.expiresAt > now()) return entry;
    entries.delete(key);
    return undefined;
  };

  const start = (
    key: string,
    load: () => Promise<CacheFill>,
  ): Promise<unknown> => {
    // Only the load still registered for its key may store: a later `refresh`, `delete` or
    // `clear` wins over a load that was already under way.
    const promise: Promise<unknown> = Promise.resolve()
      .then(load)
      .then(
        (fill) => {
          if (loading.get(key) === promise) {
            loading.delete(key);
            store(key, fill);
          }
          return fill.value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
    loading.set(key, promise);
    return promise;
  };

  return {
    get: (key, load) => {
      const entry = fresh(key);
      if (entry) return Promise.resolve(entry.value);
      return loading.get(key) ?? start(key, load);
    },
    refresh: start,
    delete: (key) => {
      entries.delete(key);
      loading.delete(key);
    },
    clear: () => {
      entries.clear();
      loading.clear();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
};
