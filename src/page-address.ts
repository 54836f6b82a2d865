/**
 * Which page a request is, and whether its answer may be shared: the one definition (issue 40,
 * decision 0029). A request — its method, raw path, raw query, host and Cookie header — is
 * turned here into everything the rest of the site needs, and nothing else re-derives a piece:
 *
 * - `requestProblem`: the checks every request passes before anything routes on it or answers it
 *   from a cache (normalize refuses with it; the page cache and its fast path step aside for it);
 * - `canonicalPath`: the RFC 3986 spelling normalize redirects to (with `spellPath` for pages);
 * - `pageRoute`, `declaredQuery`, `pageAddress`: the page of the route table a path is (under
 *   the locale strategy) and the parameters it reads, exactly as the page reads them;
 * - `hasSessionCookie`, `SESSION_COOKIE_MARK`: the variant (guest or session) of the answer;
 * - `pageKey`: the in-process page cache's key;
 * - the `Cache-Control` of each kind of answer: what may be stored and shared, for how long.
 *
 * The edge (scripts/lib/edge.ts) keys on exactly the request it forwards (`$host`, the raw
 * `$request_uri`, the session mark below, the encoding it asks for, the build), so whatever the
 * site answers for one spelling is stored under that spelling only and can never stand for
 * another; tests/e2e/edge-differential.test.ts holds the two to it.
 */
import { pageOfPath } from './i18n/navigation.ts';
import { localeStrategy, type LocaleStrategy } from './i18n/routing.ts';
import { QUERY_LIMITS, TOKEN_KEY } from './lib/config/index.ts';
import {
  isRscPath,
  isRscPayloadShape,
  navigationPath,
} from './lib/navigation-path.ts';
import type { RouteEntry } from './routes.ts';

/** The longest path and query the site reads (the Host is not the visitor's URL). */
export const MAX_URL_LENGTH = 2048;

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

export type RequestProblem = {
  readonly status: 400 | 404 | 414;
  readonly text: string;
};

/**
 * What is wrong with a request's path and query before anything routes on them: too long (414),
 * malformed percent-encoding or a NUL in the path, a malformed or oversized query (400), an RSC
 * path that is not one of Waku's payload shapes (404). Undefined when nothing is. A cached page
 * answers only requests that pass, so a hit and a miss refuse the same requests alike.
 */
export const requestProblem = (
  pathname: string,
  search: string,
): RequestProblem | undefined => {
  if (pathname.length + search.length > MAX_URL_LENGTH)
    return { status: 414, text: 'URI Too Long' };
  let decoded = pathname;
  if (pathname.includes('%')) {
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return {
        status: 400,
        text: 'Bad Request: malformed percent-encoding in the path',
      };
    }
  }
  if (decoded.includes('\0')) return { status: 400, text: 'Bad Request' };
  // Waku's RSC payload paths are `/RSC/<encoded route>.txt`; anything else there is not a page
  if (isRscPath(pathname) && !isRscPayloadShape(decoded))
    return { status: 404, text: 'Not Found' };
  const problem = checkQuery(search);
  return problem ? { status: 400, text: `Bad Request: ${problem}` } : undefined;
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
 * The route a page path is for, spelled exactly as the table spells it under the strategy
 * (`/ja-JP/earning/savings`; `/launchpad` under `prefix_except_default`), else undefined.
 */
export const pageRoute = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): RouteEntry | undefined => pageOfPath(pathname, strategy)?.route;

/**
 * The parameters of a query string a page declares (`route.query`), as the page reads them:
 * the first value of each name (`URLSearchParams.get`), names compared with their case, in the
 * order of their names. `?utm_source=x&coin=BTC&coin=ETH` on the savings page is `coin=BTC`. Two
 * addresses that differ only in what the page does not read give one string; the render receives
 * this string and nothing else.
 */
export const declaredQuery = (
  route: RouteEntry,
  search: string | URLSearchParams,
): string => {
  const names = route.query;
  if (!names?.length || search === '' || search === '?') return '';
  const params =
    typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of [...names].sort()) {
    const value = params.get(name);
    if (value !== null) kept.append(name, value);
  }
  return kept.toString();
};

/**
 * The one address a page request renders as: the path, and of the query only what the
 * page declares. A document `/en/earning/savings?gclid=1&coin=BTC` → `/en/earning/savings?coin=BTC`;
 * a client navigation `/RSC/R/en/launchpad.txt?query=utm_source%3Dx` → `/RSC/R/en/launchpad.txt`.
 * `undefined` when the path is not a page of the route table under the strategy (the request is
 * left as it is). The page cache keys its entries by this address, and the render sees nothing
 * else.
 */
export const pageAddress = (
  pathname: string,
  search: string,
  strategy: LocaleStrategy = localeStrategy(),
): string | undefined => {
  const page = navigationPath(pathname);
  if (page === undefined) return undefined;
  const route = pageRoute(page, strategy);
  if (!route) return undefined;
  if (page === pathname) {
    const kept = declaredQuery(route, search);
    return kept ? `${pathname}?${kept}` : pathname;
  }
  // Waku sends the page's query as the one `query` parameter of the payload request
  const inner = new URLSearchParams(search).get('query') ?? '';
  const kept = declaredQuery(route, inner);
  return kept
    ? `${pathname}?${new URLSearchParams({ query: kept }).toString()}`
    : pathname;
};

/**
 * What marks a Cookie header as a session's: any environment's token cookie (`b_t_c_k`,
 * `b_t_c_k_test1`, …). The edge's session map is generated from this same string.
 */
export const SESSION_COOKIE_MARK = TOKEN_KEY;

/**
 * Whether a Cookie header may carry a session token. A plain substring test: a superset of every
 * spelling the cookie parser reads as that name (it trims spaces around names,
 * ` b_t_c_k_test1 =x` included), so no spelling lets a logged-in render into the guest variant;
 * a false positive only costs a render. nginx's map is the same substring test.
 */
export const hasSessionCookie = (cookie: string | undefined): boolean =>
  cookie !== undefined && cookie.includes(SESSION_COOKIE_MARK);

/**
 * The page cache's key: host + variant (guest or session) + page address (the whole path and
 * query for a path that is not a page) + build.
 */
export const pageKey = (request: {
  readonly host: string;
  readonly session: boolean;
  readonly pathname: string;
  readonly search: string;
  readonly buildId: string;
  readonly strategy?: LocaleStrategy;
}): string =>
  `${request.host}\n${request.session ? 's' : 'g'}\n${
    pageAddress(request.pathname, request.search, request.strategy) ??
    request.pathname + request.search
  }\n${request.buildId}`;

/** How long a shared cache may keep a page: a minute, either variant. */
export const SHARED_CACHE_SECONDS = 60;
/**
 * A stored guest page (the page cache's copy, its CSP by hashes and no nonce): a CDN or the edge
 * may keep it a minute and serve it stale while it refreshes.
 */
export const GUEST_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=300`;
/**
 * A page as it renders (its CSP names this request's nonce) and the session variant: never kept
 * by a shared cache that reads Cache-Control. Only a stored copy, whose CSP names hashes, is shared.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
/**
 * The stored session variant is the same bytes for every session (tests/e2e/page-cache.test.ts),
 * so the operators' edge keeps it beside the guest one, keyed by the session mark, for as long.
 * nginx's own header: its session location (scripts/lib/edge.ts) ignores Cache-Control and stores
 * only what carries this, and nginx never passes an `X-Accel-*` header on. Any other shared cache
 * reads `private` and keeps nothing.
 */
export const SESSION_EDGE_EXPIRES = {
  name: 'x-accel-expires',
  value: String(SHARED_CACHE_SECONDS),
} as const;
