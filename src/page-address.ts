import { localeFromPath } from './lib/locales.ts';
import { navigationPath } from './lib/navigation-path.ts';
import { matchRoute, type RouteEntry } from './routes.ts';

/** The route a page path (`/ja-JP/earning/savings`) is for, or undefined when it is not a page. */
export const pageRoute = (pathname: string): RouteEntry | undefined => {
  const locale = localeFromPath(pathname);
  return locale === undefined
    ? undefined
    : matchRoute(pathname.slice(locale.length + 1))?.route;
};

/**
 * The parameters of a query string a page declares (`route.query`), in the order of their names
 * (the values of one name keep theirs): `?utm_source=x&coin=BTC` on the savings page is
 * `coin=BTC`. Two addresses that differ only in what the page does not read give one string.
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
  for (const name of [...names].sort())
    for (const value of params.getAll(name)) kept.append(name, value);
  return kept.toString();
};

/**
 * The one address a page request renders as: the path, and of the query only what the
 * page declares. A document `/en/earning/savings?gclid=1&coin=BTC` → `/en/earning/savings?coin=BTC`;
 * a client navigation `/RSC/R/en/launchpad.txt?query=utm_source%3Dx` → `/RSC/R/en/launchpad.txt`.
 * `undefined` when the path is not a page of the route table (the request is left as it is).
 * The guest cache keys its entries by this address, and the render sees nothing else.
 */
export const pageAddress = (
  pathname: string,
  search: string,
): string | undefined => {
  const page = navigationPath(pathname);
  if (page === undefined) return undefined;
  const route = pageRoute(page);
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
