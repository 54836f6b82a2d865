import type { MiddlewareHandler } from 'hono';

import { HTTP_TIMEOUT_MS } from '../lib/config/index.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../lib/http/client.ts';
import { isApiPath } from '../lib/navigation-path.ts';
import { apiOriginFor } from '../lib/server/api-origin.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';
import {
  createMicroCache,
  MICRO_CACHE_TTL_MS,
  type MicroCache,
  type MicroCacheEntry,
} from './micro-cache.ts';

/** The largest upstream answer relayed to the browser (the server-side client's limit too). */
export const API_ANSWER_LIMIT = DEFAULT_MAX_RESPONSE_BYTES;

const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'cookie',
  'lang',
  'platform',
  'user-agent',
];
const FORWARDED_RESPONSE_HEADERS = [
  'set-cookie',
  'cache-control',
  'retry-after',
];

const envelope = (status: number, code: number, msg: string) =>
  new Response(
    JSON.stringify({
      ret_code: code,
      ret_msg: msg,
      message: msg,
      result: null,
    }),
    {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
    },
  );

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** `<`, `>` and `&` can only stand inside JSON strings: escaped there, the value is unchanged. */
const MARKUP = /[<>&\u2028\u2029]/g;
const escapeMarkup = (text: string): string =>
  text.replace(
    MARKUP,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

class AnswerTooLarge extends Error {}

/** The body as text when it is UTF-8 JSON, else undefined. */
const asJson = (bytes: Uint8Array): string | undefined => {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    JSON.parse(text);
    return text;
  } catch {
    return undefined;
  }
};

/** Reads at most `limit` bytes of a body; past it the read is cancelled (the caller aborts). */
const readCapped = async (
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array> => {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

/**
 * One request to the upstream API, its answer made safe for the browser (never throws). It
 * ends when the upstream answers, when `HTTP_TIMEOUT_MS` passes, or when `client` aborts (the
 * browser went away: its request is cancelled upstream at once instead of holding an upstream
 * connection and a socket here for up to the whole timeout).
 */
const relay = async (
  target: string,
  method: string,
  headers: Headers,
  body: ArrayBuffer | undefined,
  client?: AbortSignal,
): Promise<Response> => {
  const controller = new AbortController();
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  try {
    const upstream = await fetch(target, {
      method,
      headers,
      ...(body ? { body } : {}),
      redirect: 'manual',
      signal: AbortSignal.any([
        controller.signal,
        timeout,
        ...(client ? [client] : []),
      ]),
    });
    const out = new Headers({
      'content-type': 'application/json; charset=utf-8',
    });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      if (name === 'set-cookie') {
        for (const cookie of upstream.headers.getSetCookie())
          out.append('set-cookie', cookie);
      } else {
        const value = upstream.headers.get(name);
        if (value) out.set(name, value);
      }
    }
    if (!out.has('cache-control')) out.set('cache-control', 'no-store');
    // Never upstream bytes the browser did not ask for: a non-2xx answer becomes our own
    // envelope (the browser's client reads only the status of one), so does a body that is
    // not JSON or larger than the limit (the upstream connection is then aborted).
    if (upstream.status < 200 || upstream.status > 299) {
      controller.abort();
      const status =
        upstream.status >= 400 && upstream.status <= 599
          ? upstream.status
          : 502;
      const refused = envelope(
        status,
        status,
        status >= 500 ? 'Upstream error' : 'Request refused',
      );
      const retryAfter = upstream.headers.get('retry-after');
      if (retryAfter) refused.headers.set('retry-after', retryAfter);
      return refused;
    }
    if (!upstream.body || method === 'HEAD' || upstream.status === 204)
      return new Response(null, { status: upstream.status, headers: out });
    const declared = Number(upstream.headers.get('content-length') ?? 0);
    if (declared > API_ANSWER_LIMIT) throw new AnswerTooLarge();
    if (!JSON_TYPE.test(upstream.headers.get('content-type') ?? '')) {
      controller.abort();
      return envelope(502, 502, 'Upstream answer is not JSON');
    }
    const text = asJson(await readCapped(upstream.body, API_ANSWER_LIMIT));
    if (text === undefined)
      return envelope(502, 502, 'Upstream answer is not JSON');
    return new Response(escapeMarkup(text), {
      status: upstream.status,
      headers: out,
    });
  } catch (error) {
    controller.abort();
    if (error instanceof AnswerTooLarge)
      return envelope(502, 502, 'Upstream answer too large');
    const timedOut = timeout.aborted;
    return envelope(
      timedOut ? 504 : 502,
      timedOut ? 504 : 502,
      timedOut ? 'Upstream timeout' : 'Upstream unavailable',
    );
  }
};

/** The answer as a micro-cache entry: kept when it is a 200 (public data). */
const toEntry = async (response: Response): Promise<MicroCacheEntry> => ({
  status: response.status,
  headers: [...response.headers],
  body: await response.text(),
  cacheable: response.status === 200,
});

/** Public market data many visitors poll: micro-cached (see micro-cache.ts). */
export const MICRO_CACHED: ReadonlySet<string> = new Set([
  '/api/v1/market/tickers',
]);
const MICRO_CACHE_SECONDS = Math.round(MICRO_CACHE_TTL_MS / 1000);

/**
 * The browser's request client has an empty base URL (spec §7): it calls /api/… on the site,
 * and this forwards to the upstream API (the sandbox by default). Same origin for the
 * browser, so the token cookie stays HttpOnly and first-party.
 */
export const apiProxy =
  (
    config: SiteConfig,
    microCache: MicroCache = createMicroCache(),
  ): MiddlewareHandler =>
  async (c, next) => {
    const path = c.req.path;
    if (!isApiPath(path)) return next();
    const context = findRequestContext();
    if (!context) return next();
    const method = c.req.method;
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    headers.set('x-request-id', context.requestId);
    headers.set('x-forwarded-host', new URL(context.origin).host);
    // the Origin check and the body limit ran before this (originCheck, bodyLimit in adapter.ts)
    const body =
      method !== 'GET' && method !== 'HEAD'
        ? await c.req.arrayBuffer()
        : undefined;
    if ((method === 'GET' || method === 'HEAD') && MICRO_CACHED.has(path)) {
      // public data: no cookie goes up, no cookie comes back, one read a second for everyone
      // and no query: a cache-buster parameter never makes a new upstream read. The read is
      // shared by every visitor waiting on it, so no one visitor leaving cancels it.
      headers.delete('cookie');
      const upstream = `${apiOriginFor(config, context.env)}${path}`;
      const answer = await microCache.get(upstream, () =>
        relay(upstream, 'GET', headers, undefined).then(toEntry),
      );
      const out = new Headers(answer.headers as [string, string][]);
      out.delete('set-cookie');
      if (answer.cacheable)
        out.set('cache-control', `public, max-age=${MICRO_CACHE_SECONDS}`);
      out.set('x-micro-cache', answer.hit ? 'HIT' : 'MISS');
      return new Response(method === 'HEAD' ? null : answer.body, {
        status: answer.status,
        headers: out,
      });
    }
    const target = `${apiOriginFor(config, context.env)}${path}${new URL(c.req.url).search}`;
    // @hono/node-server aborts the request's signal when the client's connection closes
    // before its answer is sent
    return relay(target, method, headers, body, c.req.raw.signal);
  };
