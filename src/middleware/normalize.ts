import type { MiddlewareHandler } from 'hono';

import { QUERY_LIMITS } from '../lib/config/index.ts';
import { localeStrategy, type LocaleStrategy } from '../lib/locale-strategy.ts';
import {
  isDocumentPath,
  isRscPath,
  isRscPayloadShape,
} from '../lib/navigation-path.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { spellPath } from '../route-spelling.ts';
import { fallbackErrorHtml } from './fallback-error-page.ts';
import { negotiatedRedirect } from './negotiate.ts';

export const MAX_URL_LENGTH = 2048;

/**
 * A refusal: for a person asking for a page, the localized error document in the language of
 * the path; for anything else (bots, payloads, the API, tests of this middleware alone) a short
 * plain text.
 */
const refuse = (
  url: URL,
  method: string,
  text: string,
  status: 400 | 404 | 414,
) => {
  const context = findRequestContext();
  const document =
    context !== undefined &&
    !context.isBot &&
    (method === 'GET' || method === 'HEAD') &&
    isDocumentPath(url.pathname);
  return new Response(
    document
      ? fallbackErrorHtml(context.locale, status, context.nonce)
      : `${text}\n`,
    {
      status,
      headers: {
        'content-type': document
          ? 'text/html; charset=utf-8'
          : 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      },
    },
  );
};

/** Counts parameters, array lengths and bracket depth of a query string (spec §9). */
export const checkQuery = (search: string): string | undefined => {
  if (!search) return undefined;
  const pairs = search.slice(1).split('&');
  if (pairs.length > QUERY_LIMITS.parameterLimit)
    return 'Too many query parameters';
  const counts = new Map<string, number>();
  for (const pair of pairs) {
    const rawKey = pair.split('=', 1)[0] ?? '';
    let key: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      return 'Malformed query string';
    }
    const depth = (key.match(/\[/g) ?? []).length;
    if (depth > QUERY_LIMITS.depth) return 'Query nesting too deep';
    const base = key.replace(/\[\]$/, '');
    const n = (counts.get(base) ?? 0) + 1;
    if (n > QUERY_LIMITS.arrayLimit)
      return 'Too many values for one query parameter';
    counts.set(base, n);
  }
  return undefined;
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The one spelling of a path (RFC 3986 §6.2.2): percent-encoded unreserved characters decoded
 * (`/e%6E/launchpad` is `/en/launchpad`), the hex digits of every other escape in upper case,
 * no repeated or trailing slashes, no `/index.html` (the router would answer it with the same
 * page: one page, one address).
 */
export const canonicalPath = (pathname: string): string => {
  const decoded = pathname.includes('%')
    ? pathname.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
        const char = String.fromCharCode(parseInt(escape.slice(1), 16));
        return UNRESERVED.test(char) ? char : escape.toUpperCase();
      })
    : pathname;
  return (
    decoded
      .replace(/\/{2,}/g, '/')
      .replace(/\/index\.html?$/i, '')
      .replace(/\/+$/, '') || '/'
  );
};

/**
 * One canonical form per URL before anything renders: bounded length of path and query (the
 * Host is not the visitor's URL), well-formed percent-encoding (400), bounded query strings, and
 * one spelling of each path, reached in one hop however many things were wrong at once: no
 * trailing slash, no empty segments, no escaped letters, and for a page of the route table the
 * table's spelling under the locale strategy (a prefix in another case, a bare language or an
 * alias, a route segment in another case: 308; no prefix under `prefix`: the visitor's locale,
 * negotiated as `/` is).
 */
export const normalize =
  (strategy: LocaleStrategy = localeStrategy()): MiddlewareHandler =>
  async (c, next) => {
    const url = new URL(c.req.url);
    const plain = (text: string, status: 400 | 404 | 414) =>
      refuse(url, c.req.method, text, status);
    if (url.pathname.length + url.search.length > MAX_URL_LENGTH)
      return plain('URI Too Long', 414);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return plain('Bad Request: malformed percent-encoding in the path', 400);
    }
    if (decoded.includes('\0')) return plain('Bad Request', 400);
    // Waku's RSC payload paths are `/RSC/<encoded route>.txt`; anything else there is not a page
    if (isRscPath(url.pathname) && !isRscPayloadShape(decoded))
      return plain('Not Found', 404);
    const problem = checkQuery(url.search);
    if (problem) return plain(`Bad Request: ${problem}`, 400);
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      url.pathname.length > 1 &&
      !isRscPath(url.pathname)
    ) {
      const collapsed = canonicalPath(url.pathname);
      const spelled = isDocumentPath(collapsed)
        ? spellPath(collapsed, strategy)
        : undefined;
      if (spelled?.kind === 'negotiate')
        return negotiatedRedirect(c, spelled.rest, strategy);
      const target = spelled?.path ?? collapsed;
      if (target !== url.pathname) {
        return new Response(null, {
          status: 308,
          headers: {
            location: `${target}${url.search}`,
            'cache-control': 'public, max-age=3600',
          },
        });
      }
    }
    await next();
  };
