import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { MiddlewareHandler } from 'hono';

import { TOKEN_KEY } from '../lib/config/index.ts';
import { pageAddress } from '../lib/page-address.ts';
import { pickEncoding as acceptedEncoding } from './compress.ts';
import { mutableResponse as mutable, replaceResponse } from './response.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type GuestCacheOptions = {
  /** How long an entry is served without a new render. */
  readonly ttlMs: number;
  /** Memory bound: all bodies (plain + compressed) together. */
  readonly maxBytes: number;
  readonly maxEntries: number;
  /** Part of every key: a new build never serves the old build's pages. */
  readonly buildId: string;
  /** The host this request is for (already validated against the configuration). */
  readonly hostOf: (header: (name: string) => string | undefined) => string;
  /** CSP for a cached page, given the hashes of its inline scripts. */
  readonly cspForHashes: (hashes: readonly string[]) => string;
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
   * built once when the entry is filled, so a hit only adds its request id.
   */
  readonly wire: Readonly<Record<Encoding, readonly string[]>>;
  readonly bytes: number;
  readonly expires: number;
};

export type GuestCacheStats = {
  hits: number;
  misses: number;
  coalesced: number;
  entries: number;
  bytes: number;
};

/** Paths that are never cached here: the API, probes, negotiation, and static files. */
const UNCACHEABLE =
  /^\/(?:api\/|healthz$|readyz$|latest\.json$|builds\/|assets\/|sitemap\.xml$|robots\.txt$|$)/;
/**
 * Whether a Cookie header may carry a session token (any environment's `b_t_c_k…`). A plain
 * substring test: a superset of every spelling the cookie parser reads as that name (it trims
 * spaces around names, ` b_t_c_k_test1 =x` included), so no spelling lets a logged-in render
 * into the cache. A false positive only costs a render.
 */
export const mayCarryToken = (cookie: string | undefined): boolean =>
  cookie !== undefined && cookie.includes(TOKEN_KEY);
/** A CDN may keep guest pages a minute and serve them stale while it refreshes. */
export const GUEST_CACHE_CONTROL =
  'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
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

/**
 * The in-process guest cache (DESIGN decision 3): guest HTML and RSC payloads are the same for
 * every guest, so one render serves everyone for a short TTL. Keyed by host + path + build;
 * concurrent misses share one render; bounded in entries and bytes (LRU); bodies kept plain,
 * brotli and gzip so a hit costs no CPU. A cached page's CSP uses the hashes of its inline
 * scripts instead of the per-request nonce of a fresh render. Requests with a token cookie,
 * errors, responses that set cookies and responses marked private or no-store are never cached.
 */
export const guestCache = (options: GuestCacheOptions) => {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | undefined>>();
  const stats: GuestCacheStats = {
    hits: 0,
    misses: 0,
    coalesced: 0,
    entries: 0,
    bytes: 0,
  };
  let bytes = 0;

  const evict = () => {
    for (const [key, entry] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries)
        break;
      entries.delete(key);
      bytes -= entry.bytes;
    }
    stats.entries = entries.size;
    stats.bytes = bytes;
  };

  const store = (entry: Entry) => {
    const old = entries.get(entry.key);
    if (old) {
      entries.delete(entry.key);
      bytes -= old.bytes;
    }
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    evict();
  };

  /**
   * What a hit answers: status, headers ([name, value, …]; the caller adds the request id) and
   * the body in the encoding the client takes.
   */
  const hitParts = (entry: Entry, accept: string | undefined) => {
    const encoding = pickEncoding(accept);
    return {
      status: entry.status,
      headers: [...entry.wire[encoding]],
      body: entry[encoding],
    };
  };

  const respond = (entry: Entry, accept: string | undefined, head: boolean) => {
    const hit = hitParts(entry, accept);
    const headers = new Headers();
    for (let i = 0; i + 1 < hit.headers.length; i += 2)
      headers.append(hit.headers[i] ?? '', hit.headers[i + 1] ?? '');
    return new Response(head ? null : hit.body, {
      status: hit.status,
      headers,
    });
  };

  /** A fresh entry for this key (refreshing its LRU place), counted as a hit. */
  const freshHit = (key: string): Entry | undefined => {
    const cached = entries.get(key);
    if (!cached || cached.expires <= now()) return undefined;
    stats.hits++;
    entries.delete(key);
    entries.set(key, cached);
    return cached;
  };

  /** One entry per host + page address (the path and the parameters its page declares) + build. */
  const keyOf = (host: string, path: string, search: string) =>
    `${host}\n${pageAddress(path, search) ?? path + search}\n${options.buildId}`;

  /**
   * The same hit, answered before any framework code (the server's request listener calls
   * this first): a plain GET or HEAD for a path without percent-encoding, no token cookie, a
   * fresh entry. Anything else — a miss included — returns undefined and takes the full path.
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
    if (!path.startsWith('/') || UNCACHEABLE.test(path)) return undefined;
    if (mayCarryToken(request.header('cookie'))) return undefined;
    const host = options.hostOf(request.header);
    const entry = freshHit(
      keyOf(host, path, search >= 0 ? url.slice(search) : ''),
    );
    if (!entry) return undefined;
    return {
      ...hitParts(entry, request.header('accept-encoding')),
      head: method === 'HEAD',
    };
  };

  const fill = async (
    key: string,
    res: Response,
  ): Promise<Entry | undefined> => {
    const buffer = new Uint8Array(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.delete('x-request-id');
    headers.delete('set-cookie');
    if (type.startsWith('text/html')) {
      headers.set(
        'content-security-policy',
        options.cspForHashes(
          inlineScriptHashes(new TextDecoder().decode(buffer)),
        ),
      );
    }
    const [br, gz] = await Promise.all([
      brotli(buffer, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 9,
          [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.byteLength,
        },
      }),
      gzipAsync(buffer, { level: 9 }),
    ]);
    const bodies = {
      identity: buffer,
      br: new Uint8Array(br),
      gzip: new Uint8Array(gz),
    };
    const common = [...headers.entries()].flat();
    const wire = (encoding: Encoding): string[] => [
      ...common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(bodies[encoding].byteLength),
      'x-cache',
      'HIT',
    ];
    const entry: Entry = {
      key,
      status: res.status,
      ...bodies,
      wire: { identity: wire('identity'), br: wire('br'), gzip: wire('gzip') },
      bytes: buffer.byteLength + br.byteLength + gz.byteLength + key.length,
      expires: now() + options.ttlMs,
    };
    store(entry);
    return entry;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const url = c.req.url;
    const search = url.indexOf('?');
    // a path with escapes goes on to be checked and sent to its one spelling (normalize), never
    // to the entry of the path Hono decodes it to (as in `peek`)
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      UNCACHEABLE.test(path) ||
      (search >= 0 ? url.slice(0, search) : url).includes('%')
    )
      return next();
    if (mayCarryToken(c.req.header('cookie'))) {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('cache-control')) {
        mutable(c).headers.set('cache-control', 'private, no-cache');
      }
      return;
    }
    const key = keyOf(
      options.hostOf((name) => c.req.header(name)),
      path,
      search >= 0 ? url.slice(search) : '',
    );
    const accept = c.req.header('accept-encoding');
    const cached = freshHit(key);
    if (cached) return respond(cached, accept, method === 'HEAD');
    const pending = inflight.get(key);
    if (pending) {
      const entry = await pending;
      if (entry) {
        stats.coalesced++;
        return respond(entry, accept, method === 'HEAD');
      }
      await next();
      return;
    }
    stats.misses++;
    let settle: (entry: Entry | undefined) => void = () => undefined;
    inflight.set(
      key,
      new Promise<Entry | undefined>((resolve) => {
        settle = resolve;
      }),
    );
    try {
      await next();
    } catch (error) {
      inflight.delete(key);
      settle(undefined);
      throw error;
    }
    let res = c.res;
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
      inflight.delete(key);
      settle(undefined);
      return;
    }
    const [toClient, toCache] = body.tee();
    const headers = new Headers(res.headers);
    headers.set('cache-control', GUEST_CACHE_CONTROL);
    headers.append('vary', 'Accept-Encoding');
    replaceResponse(c, new Response(toClient, { status: res.status, headers }));
    res = new Response(toCache, { status: res.status, headers });
    fill(key, new Response(toCache, res))
      .then(settle, () => settle(undefined))
      .finally(() => inflight.delete(key));
  };

  return { middleware, peek, stats, clear: () => entries.clear() };
};
