/**
 * What kind of request a path is, decided here once: Waku's RSC payloads and server functions
 * (`/RSC/…`), the paths the site forwards to the API (api-proxy: `/api/…` and the build
 * probes), files (a name with an extension: the build's assets, icons, robots.txt) and
 * documents (everything else: pages, and the 404 of a path that is none). The middleware and
 * the request context ask here; none keeps a regex of its own.
 */
const RSC_PREFIX = '/RSC/';
const API_PREFIX = '/api/';
const API_PATH = /^\/(?:api\/|latest\.json$|builds\/meta\/)/;
const FILE_NAME = /\.[a-z0-9]+$/i;
/** Waku's RSC payload paths, unescaped: `/RSC/<encoded route>.txt`. */
const RSC_PAYLOAD = /^\/RSC\/[^\s\\]+\.txt$/;

/** Waku's RSC path: a route's payload (`/RSC/R/…`), a slice or a server function. */
export const isRscPath = (pathname: string): boolean =>
  pathname.startsWith(RSC_PREFIX);

/** Whether an unescaped RSC path has the shape of Waku's payloads (anything else there is no page). */
export const isRscPayloadShape = (decoded: string): boolean =>
  RSC_PAYLOAD.test(decoded);

/** A path the site forwards to the API (api-proxy), with its own method and cache rules. */
export const isApiPath = (pathname: string): boolean => API_PATH.test(pathname);

export type PathKind = 'rsc' | 'api' | 'asset' | 'document';

/** The kind of a request path (`/RSC/R/en.txt` rsc, `/api/v1/x` api, `/assets/a.js` asset). */
export const pathKind = (pathname: string): PathKind =>
  isRscPath(pathname)
    ? 'rsc'
    : isApiPath(pathname)
      ? 'api'
      : FILE_NAME.test(pathname)
        ? 'asset'
        : 'document';

/**
 * The page path a request is for: the document's own path, or for a client navigation
 * (`/RSC/R/en/earn.txt`, Waku's encoding of route `/en/earn`) the route it asks for. Read from
 * the URL, not from the router: when the route is unknown the router is already rendering its
 * `/404` page, and the redirect rule is for the path that was asked for. `undefined` for RSC
 * requests that are not route navigations (slices, server functions) or cannot be decoded.
 */
export const navigationPath = (pathname: string): string | undefined => {
  if (!isRscPath(pathname)) return pathname;
  if (!pathname.endsWith('.txt')) return undefined;
  let rscPath: string;
  try {
    rscPath = decodeURIComponent(
      pathname.slice(RSC_PREFIX.length, -'.txt'.length),
    );
  } catch {
    return undefined;
  }
  // Waku escapes a leading or trailing underscore or slash with one more underscore
  if (rscPath.startsWith('_')) rscPath = rscPath.slice(1);
  if (rscPath.endsWith('_')) rscPath = rscPath.slice(0, -1);
  if (!rscPath.startsWith('R/')) return undefined;
  const route = rscPath.slice(1);
  if (route === '/_root') return '/';
  return route.startsWith('/__') ? `/_${route.slice(3)}` : route;
};

/**
 * Whether a request path is for a document a browser loads: not an RSC payload, not under
 * `/api/`. (The build probes, `/latest.json` and `/builds/meta/`, count as documents here, as
 * they always have: their error answers get the site's error page.)
 */
export const isDocumentPath = (pathname: string): boolean =>
  !isRscPath(pathname) && !pathname.startsWith(API_PREFIX);
