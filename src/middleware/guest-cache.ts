import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

import { isApiPath } from '../lib/navigation-path.ts';
import { collectWhenIdle } from '../lib/server/idle-collect.ts';
import { inOrderDocument } from '../lib/server/in-order-document.ts';
import {
  GUEST_CACHE_CONTROL,
  hasSessionCookie,
  pageKey,
  PRIVATE_CACHE_CONTROL,
  requestProblem,
  SESSION_EDGE_EXPIRES,
} from '../page-address.ts';
import {
  pickEncoding as acceptedEncoding,
  STREAM_BROTLI_QUALITY,
  STREAM_BROTLI_WINDOW_BITS,
  STREAM_GZIP_LEVEL,
} from './compress.ts';
import { mutableResponse as mutable, replaceResponse } from './response.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type GuestCacheOptions = {
  /** How long an entry is served without a new render. */
  readonly ttlMs: number;
  /**
   * How long past its TTL an entry is kept to answer while its page renders again, or when a
   * render is refused or fails (default 5 minutes, the stale-while-revalidate of the header).
   */
  readonly staleMs?: number;
  /** Memory bound: all bodies (plain + compressed) and keys together. */
  readonly maxBytes: number;
  readonly maxEntries: number;
  /** Part of every key: a new build never serves the old build's pages. */
  readonly buildId: string;
  /** The host this request is for (already validated against the configuration). */
  readonly hostOf: (header: (name: string) => string | undefined) => string;
  /** CSP for a cached page, given the hashes of its inline scripts. */
  readonly cspForHashes: (hashes: readonly string[]) => string;
  /**
   * Whether `/` is a page like any other (the default language's home under the
   * `prefix_except_default` locale strategy with no root redirect); else it is the root
   * negotiation, which varies by visitor and is never kept.
   */
  readonly cacheRoot?: boolean;
  /**
   * Stored pages waiting for their strong compression (brotli 9, gzip 9): one at a time in the
   * background; past this many waiting, more are dropped (the entry keeps its quick copies).
   */
  readonly strongQueue?: number;
  /**
   * Whether a render fell back somewhere (a section showed its notice instead of its data),
   * asked once its body has ended: such a render answers its request but is never stored.
   */
  readonly fellBack?: (request: Request) => boolean;
  readonly now?: () => number;
};

type Encoding = 'br' | 'gzip' | 'identity';

type Entry = {
  readonly key: string;
  readonly status: number;
  readonly identity: Uint8Array<ArrayBuffer>;
  readonly br: Uint8Array<ArrayBuffer>;
  readonly gzip: Uint8Array<ArrayBuffer>;
  /**
   * The response headers of a hit in each encoding, as node:http takes them ([name, value, …]):
   * built once when the entry is made, so a hit only adds its request id.
   */
  readonly wire: Readonly<Record<Encoding, readonly string[]>>;
  /** The headers every encoding shares ([name, value, …]). */
  readonly common: readonly string[];
  readonly bytes: number;
  readonly expires: number;
  /** Compressed at the storage quality (else the quick one of the render). */
  readonly strong: boolean;
};

export type GuestCacheStats = {
  hits: number;
  /** Answered from an entry past its TTL: its page was rendering again, or refused. */
  stale: number;
  misses: number;
  coalesced: number;
  /** Renders stored (the second time their key was asked for, or a refresh). */
  admitted: number;
  /** Renders not stored: the first time their key was asked for. */
  firstSeen: number;
  /** Strong compressions dropped because the background queue was full. */
  strongDropped: number;
  entries: number;
  bytes: number;
};

/** Paths besides the API's that are never cached here: probes, builds, negotiation, static files. */
const NEVER_CACHED =
  /^\/(?:healthz$|readyz$|builds\/|assets\/|sitemap\.xml$|robots\.txt$|$)/;
const CACHEABLE_TYPE = /^(?:text\/html|text\/x-component)/;

/** sha256 CSP sources of every inline <script> of a document. */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc=/.test(attrs) || body.length === 0) continue;
    hashes.add(
      `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    );
  }
  return [...hashes];
};

const pickEncoding = (accept: string | undefined): Encoding =>
  acceptedEncoding(accept) ?? 'identity';

const quickBrotli = (body: Uint8Array) =>
  brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW_BITS,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
const strongBrotli = (body: Uint8Array) =>
  brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 9,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });

const bytesOf = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  buffer.buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);

/** Reads a body to its end as one array. */
const readAll = async (
  body: ReadableStream<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  return bytesOf(Buffer.concat(chunks, size));
};

/**
 * The page cache (DESIGN decision 3, decision 0013): a page's HTML and RSC payload depend on the
 * host, the page address (its path and the query parameters its route declares), the build and
 * one bit about the visitor — whether a session token cookie came with the request — so one
 * render serves everyone for a short TTL, in two variants: guests (`public, s-maxage=60`) and
 * sessions (`private, no-cache`; only the operators' nginx keeps them, told by `X-Accel-Expires`).
 *
 * - Storage is an `lru-cache` bounded in bytes and entries; a render is stored the second time
 *   its key is asked for (or when it refreshes a stored one), so one-hit addresses never push
 *   popular pages out.
 * - Concurrent misses share one render; they get its bytes as soon as it has ended and quick
 *   compressed copies are made (off the main thread). A stored page is compressed again at a
 *   storage quality in a bounded background queue that drops work rather than grow.
 * - Past its TTL an entry stays (`staleMs`) to answer while its page renders again and when the
 *   render is refused (the render limit's 503) or fails.
 * - A cached page's CSP uses the hashes of its inline scripts instead of the request's nonce.
 *   Errors, responses that set cookies and responses marked private or no-store are never stored.
 */
export const guestCache = (options: GuestCacheOptions) => {
  const now = options.now ?? Date.now;
  const uncacheable = (path: string) =>
    (isApiPath(path) || NEVER_CACHED.test(path)) &&
    !(options.cacheRoot === true && path === '/');
  const staleMs = options.staleMs ?? 300_000;
  const strongQueueMax = options.strongQueue ?? 8;
  // Bounded in entries and bytes, and in time: an entry goes when it may no longer answer
  // (its TTL and stale window over), on lru-cache's own timer, read or not, so the cache
  // shrinks back once load ends (issue 41 point 5), and the process collects the bodies once
  // idle. lru-cache reads a test's clock, else its own `performance.now()`: with `Date.now`'s
  // whole milliseconds lru-cache 11.5.3 kept some expired entries for good (decision 0042)
  const clock = options.now ? { perf: { now: options.now } } : {};
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
    sizeCalculation: (entry) => entry.bytes,
    ttl: options.ttlMs + staleMs,
    ttlAutopurge: true,
    ttlResolution: 0,
    ...clock,
    // after the entry is gone (lru-cache calls `dispose` while it still counts it)
    disposeAfter: (entry, _key, reason) => {
      stats.entries = entries.size;
      stats.bytes = entries.calculatedSize;
      if (reason === 'expire') collectWhenIdle(entry.bytes);
    },
  });
  /**
   * Keys asked for once (admission: the second ask stores); keys only, bounded in count, and
   * forgotten after a stale window (on lru-cache's timer, so an idle process keeps none: issue 41
   * point 5): an ask that long ago is no longer a second one's first. One timer per key is one
   * small object in Node's list for that duration, for at most `max` keys.
   */
  const seen = new LRUCache<string, true>({
    max: Math.max(1000, options.maxEntries * 4),
    ttl: staleMs,
    ttlAutopurge: true,
    ttlResolution: 0,
    ...clock,
  });
  /** Renders under way by key, and how many requests asked for each (the renderer included). */
  const inflight = new Map<
    string,
    { readonly entry: Promise<Entry | undefined>; asks: number }
  >();
  const stats: GuestCacheStats = {
    hits: 0,
    stale: 0,
    misses: 0,
    coalesced: 0,
    admitted: 0,
    firstSeen: 0,
    strongDropped: 0,
    entries: 0,
    bytes: 0,
  };

  const counted = () => {
    stats.entries = entries.size;
    stats.bytes = entries.calculatedSize;
  };

  /** The entry of a key while it may answer (fresh, or stale within `staleMs`). */
  const lookup = (
    key: string,
  ): { entry: Entry; fresh: boolean } | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (entry.expires + staleMs <= at) {
      entries.delete(key);
      counted();
      return undefined;
    }
    return { entry, fresh: entry.expires > at };
  };

  const strongLine: string[] = [];
  let strongRunning = false;
  const runStrong = async () => {
    if (strongRunning) return;
    strongRunning = true;
    try {
      for (let key = strongLine.shift(); key; key = strongLine.shift()) {
        const entry = entries.peek(key);
        if (!entry || entry.strong) continue;
        const [br, gz] = await Promise.all([
          strongBrotli(entry.identity),
          gzipAsync(entry.identity, { level: 9 }),
        ]);
        // replaced or evicted meanwhile: the work is dropped with it
        if (entries.peek(key) !== entry) continue;
        entries.set(key, withBodies(entry, bytesOf(br), bytesOf(gz), true), {
          noUpdateTTL: true,
        });
        counted();
      }
    } finally {
      strongRunning = false;
    }
  };
  const queueStrong = (key: string) => {
    if (strongLine.length >= strongQueueMax) {
      stats.strongDropped++;
      return;
    }
    strongLine.push(key);
    void runStrong().catch(() => undefined);
  };

  const withBodies = (
    entry: Omit<Entry, 'br' | 'gzip' | 'wire' | 'bytes' | 'strong'>,
    br: Uint8Array<ArrayBuffer>,
    gz: Uint8Array<ArrayBuffer>,
    strong: boolean,
  ): Entry => {
    const bodies = { identity: entry.identity, br, gzip: gz };
    const wire = (encoding: Encoding): string[] => [
      ...entry.common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(bodies[encoding].byteLength),
      'x-cache',
      'HIT',
    ];
    return {
      key: entry.key,
      status: entry.status,
      common: entry.common,
      expires: entry.expires,
      ...bodies,
      wire: { identity: wire('identity'), br: wire('br'), gzip: wire('gzip') },
      bytes:
        entry.identity.byteLength +
        br.byteLength +
        gz.byteLength +
        entry.key.length * 2,
      strong,
    };
  };

  /**
   * What an entry answers: status, headers ([name, value, …]; the caller adds the request id)
   * and the body in the encoding the client takes; `STALE` when it is past its TTL.
   */
  const hitParts = (
    entry: Entry,
    accept: string | undefined,
    fresh: boolean,
  ) => {
    const encoding = pickEncoding(accept);
    const headers = [...entry.wire[encoding]];
    if (!fresh) headers[headers.length - 1] = 'STALE';
    return { status: entry.status, headers, body: entry[encoding] };
  };

  const respond = (
    entry: Entry,
    accept: string | undefined,
    head: boolean,
    fresh: boolean,
  ) => {
    const hit = hitParts(entry, accept, fresh);
    const headers = new Headers();
    for (let i = 0; i + 1 < hit.headers.length; i += 2)
      headers.append(hit.headers[i] ?? '', hit.headers[i + 1] ?? '');
    return new Response(head ? null : hit.body, {
      status: hit.status,
      headers,
    });
  };

  /** One entry per page key (src/page-address.ts): host, variant, page address, build. */
  const keyOf = (
    host: string,
    session: boolean,
    pathname: string,
    search: string,
  ) => pageKey({ host, session, pathname, search, buildId: options.buildId });

  /**
   * A hit answered before any framework code (the server's request listener calls this first):
   * a plain GET or HEAD for a path without percent-encoding and a fresh entry — or a stale one
   * while its page renders again. Anything else returns undefined and takes the full path.
   */
  const peek = (request: {
    readonly method: string | undefined;
    readonly url: string | undefined;
    readonly header: (name: string) => string | undefined;
  }) => {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.includes('%'))
      return undefined;
    const search = url.indexOf('?');
    const path = search >= 0 ? url.slice(0, search) : url;
    const query = search >= 0 ? url.slice(search) : '';
    // a request the site refuses is refused whether or not its page is cached
    if (
      !path.startsWith('/') ||
      uncacheable(path) ||
      requestProblem(path, query) !== undefined
    )
      return undefined;
    const key = keyOf(
      options.hostOf(request.header),
      hasSessionCookie(request.header('cookie')),
      path,
      query,
    );
    const found = lookup(key);
    if (!found || (!found.fresh && !inflight.has(key))) return undefined;
    if (found.fresh) stats.hits++;
    else stats.stale++;
    return {
      ...hitParts(found.entry, request.header('accept-encoding'), found.fresh),
      head: method === 'HEAD',
    };
  };

  /**
   * An entry from a finished render: its quick compressed copies made off the main thread. None
   * for a key asked for the first time by this request alone: it is remembered (admission) and
   * costs no hashing or compression.
   */
  const makeEntry = async (
    key: string,
    status: number,
    responseHeaders: Headers,
    body: ReadableStream<Uint8Array>,
    asks: () => number,
    request: Request,
  ): Promise<Entry | undefined> => {
    const identity = await readAll(body);
    // the completed document, but not a good one: a section showed its notice
    if (options.fellBack?.(request)) return undefined;
    if (asks() === 1 && !entries.has(key) && !seen.has(key)) {
      seen.set(key, true);
      stats.firstSeen++;
      return undefined;
    }
    const headers = new Headers(responseHeaders);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.delete('x-request-id');
    headers.delete('set-cookie');
    let stored = identity;
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      // kept with each streamed section in its place (decision 0033): a hit, a crawler and a
      // browser without JavaScript read it in order; a document that cannot be is not kept
      const html = inOrderDocument(new TextDecoder().decode(identity));
      if (html === undefined) return undefined;
      stored = bytesOf(Buffer.from(html));
      headers.set(
        'content-security-policy',
        options.cspForHashes(inlineScriptHashes(html)),
      );
    }
    const [br, gz] = await Promise.all([
      quickBrotli(stored),
      gzipAsync(stored, { level: STREAM_GZIP_LEVEL }),
    ]);
    return withBodies(
      {
        key,
        status,
        identity: stored,
        common: [...headers.entries()].flat(),
        expires: now() + options.ttlMs,
      },
      bytesOf(br),
      bytesOf(gz),
      false,
    );
  };

  /**
   * Stores a render the second time its key is asked for (while it rendered, or before), or when
   * it refreshes a stored one (`makeEntry` made no entry for a first ask).
   */
  const admit = (entry: Entry) => {
    seen.delete(entry.key);
    entries.set(entry.key, entry);
    counted();
    if (entries.peek(entry.key) !== entry) return;
    stats.admitted++;
    queueStrong(entry.key);
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const url = c.req.url;
    const search = url.indexOf('?');
    const query = search >= 0 ? url.slice(search) : '';
    // a path with escapes goes on to be checked and sent to its one spelling (normalize), never
    // to the entry of the path Hono decodes it to (as in `peek`); a request normalize refuses is
    // refused whether or not its page is cached
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      uncacheable(path) ||
      (search >= 0 ? url.slice(0, search) : url).includes('%') ||
      requestProblem(path, query) !== undefined
    )
      return next();
    const session = hasSessionCookie(c.req.header('cookie'));
    const key = keyOf(
      options.hostOf((name) => c.req.header(name)),
      session,
      path,
      query,
    );
    const accept = c.req.header('accept-encoding');
    const head = method === 'HEAD';
    const found = lookup(key);
    if (found?.fresh) {
      stats.hits++;
      return respond(found.entry, accept, head, true);
    }
    const pending = inflight.get(key);
    if (pending) {
      // a hit never waits on a miss: the stale copy answers while the page renders again
      if (found) {
        stats.stale++;
        return respond(found.entry, accept, head, false);
      }
      pending.asks++;
      const entry = await pending.entry;
      if (entry) {
        stats.coalesced++;
        return respond(entry, accept, head, true);
      }
      await next();
      return;
    }
    stats.misses++;
    let settle: (entry: Entry | undefined) => void = () => undefined;
    const render = {
      entry: new Promise<Entry | undefined>((resolve) => {
        settle = resolve;
      }),
      asks: 1,
    };
    inflight.set(key, render);
    const done = (entry: Entry | undefined) => {
      if (inflight.get(key) === render) inflight.delete(key);
      settle(entry);
    };
    try {
      await next();
    } catch (error) {
      done(undefined);
      throw error;
    }
    const res = c.res;
    if (res.status >= 500 && found) {
      // refused (the render limit) or failed: the stale copy instead of an error
      done(undefined);
      await res.body?.cancel();
      stats.stale++;
      replaceResponse(c, respond(found.entry, accept, head, false));
      return;
    }
    const body = res.body;
    const cacheable =
      method === 'GET' &&
      res.status === 200 &&
      body !== null &&
      CACHEABLE_TYPE.test(res.headers.get('content-type') ?? '') &&
      !res.headers.has('set-cookie') &&
      !/\b(?:private|no-store)\b/.test(
        res.headers.get('cache-control') ?? '',
      ) &&
      !res.headers.get('content-encoding');
    if (!cacheable) {
      done(undefined);
      if (session && res.status === 200 && !res.headers.has('cache-control'))
        mutable(c).headers.set('cache-control', PRIVATE_CACHE_CONTROL);
      return;
    }
    const [toClient, toCache] = body.tee();
    const headers = new Headers(res.headers);
    headers.append('vary', 'Accept-Encoding');
    // the render's own answer names this request's nonce: no shared cache keeps it
    const rendered = new Headers(headers);
    rendered.set('cache-control', PRIVATE_CACHE_CONTROL);
    replaceResponse(
      c,
      new Response(toClient, { status: res.status, headers: rendered }),
    );
    // the stored copy's CSP names hashes instead: it is what shared caches may keep
    headers.set(
      'cache-control',
      session ? PRIVATE_CACHE_CONTROL : GUEST_CACHE_CONTROL,
    );
    if (session)
      headers.set(SESSION_EDGE_EXPIRES.name, SESSION_EDGE_EXPIRES.value);
    makeEntry(
      key,
      res.status,
      headers,
      toCache,
      () => render.asks,
      c.req.raw,
    ).then(
      (entry) => {
        done(entry);
        if (entry) admit(entry);
      },
      () => done(undefined),
    );
  };

  return {
    middleware,
    peek,
    stats,
    /** How many keys were asked for once and are remembered for admission. */
    seenKeys: () => seen.size,
    clear: () => {
      entries.clear();
      seen.clear();
      counted();
    },
  };
};
