import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import type { AddressInfo } from 'node:net';

import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { unstable_createServerEntryAdapter as createServerEntryAdapter } from 'waku/adapter-builders';

import { negotiateRoot, rootRedirectPath } from '../i18n/request.ts';
import { log, logEnabled } from '../lib/server/log.ts';
import { requestContextOf } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { publishBuildId } from '../lib/tracing.ts';
import {
  accessLog,
  requestIdFor,
  requestIds,
  type RequestIdEnv,
} from '../middleware/access-log.ts';
import { apiProxy } from '../middleware/api-proxy.ts';
import { compress } from '../middleware/compress.ts';
import { onError } from '../middleware/errors.ts';
import { guestCache } from '../middleware/guest-cache.ts';
import { health } from '../middleware/health.ts';
import { icons } from '../middleware/icons.ts';
import { images } from '../middleware/images.ts';
import { lastGoodPages } from '../middleware/last-good-page.ts';
import { methods } from '../middleware/methods.ts';
import { normalize } from '../middleware/normalize.ts';
import { notFoundKeys } from '../middleware/not-found-keys.ts';
import { originCheck } from '../middleware/origin-check.ts';
import { pageBodyLimit } from '../middleware/page-body-limit.ts';
import { remoteTranslations } from '../middleware/remote-translations.ts';
import { createRenderGate, renderLimit } from '../middleware/render-limit.ts';
import { render } from '../middleware/render.ts';
import { requestContext, trustedHost } from '../middleware/request-context.ts';
import {
  bareSecurityHeaders,
  contentSecurityPolicy,
  securityHeaders,
} from '../middleware/security-headers.ts';
import { staticFiles } from '../middleware/static-files.ts';
import { statusRewrite } from '../middleware/status.ts';
import { loadPageHooks } from '../route-pages.ts';
import { answerClientErrors, badRequest } from './bare-answers.ts';
import { findRedirect } from './redirect-rules.ts';

// the build id this bundle was built with, for the server process's trace resource
publishBuildId(String(import.meta.env.WAKU_BUILD_ID ?? ''));

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * The Host values @hono/node-server takes without a second look (its own fast check): only
 * these are answered from the cache here, so a Host it refuses gets its 400 whether or not the
 * page is cached.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * A node:http server whose listener answers guest-cache hits itself, before Hono and the Web
 * Request/Response round trip: the same bytes and headers as the middleware's hit, the same
 * access-log line. Everything else goes to @hono/node-server's listener.
 */
const withCacheFastPath =
  (cache: ReturnType<typeof guestCache> | undefined) =>
  (serverOptions: ServerOptions, listener?: RequestListener): Server =>
    createServer(serverOptions, (req, res) => {
      const started = performance.now();
      const host = req.headers.host;
      const hit =
        (host === undefined || PLAIN_HOST.test(host)) &&
        cache?.peek({
          method: req.method,
          url: req.url,
          header: (name) => headerOf(req, name),
        });
      if (!hit) {
        listener?.(req, res);
        return;
      }
      const requestId = requestIdFor(headerOf(req, 'x-request-id'));
      hit.headers.push('x-request-id', requestId);
      res.writeHead(hit.status, hit.headers);
      res.end(hit.head ? undefined : hit.body);
      if (logEnabled('info'))
        log('info', 'request', {
          requestId,
          method: req.method,
          path: (req.url ?? '').split('?')[0],
          status: hit.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          cache: 'HIT',
        });
    });

/**
 * Our server entry: Waku's node adapter serves static files before any middleware, so
 * static responses would miss the security headers. Here every response — static files,
 * API proxy, pages — passes through the same chain, in this order.
 */
export default createServerEntryAdapter(
  ({ processRequest, processBuild, config, isBuild }) => {
    const site = getSiteConfig();
    const dev = !isBuild;
    // PAGE_CACHE=off: every page renders (benchmarks of the render path, debugging)
    const cache =
      isBuild && site.pageCache.enabled
        ? guestCache({
            ttlMs: site.pageCache.ttlMs,
            maxBytes: 64 * 1024 * 1024,
            maxEntries: 5000,
            buildId: String(import.meta.env.WAKU_BUILD_ID ?? ''),
            hostOf: (header) => trustedHost(site, header),
            cspForHashes: (hashes) => contentSecurityPolicy(hashes, site, dev),
            // a render with a section that fell back is answered, never stored (decision 0030)
            fellBack: (request) =>
              requestContextOf(request)?.sectionFellBack === true,
            // `/` is a page only when the default language is unprefixed and nothing redirects it
            cacheRoot:
              site.localeStrategy === 'prefix_except_default' &&
              rootRedirectPath(site.rootRedirect) === '',
          })
        : undefined;
    // the render limit (step 19) holds renders to it; readiness (step 9) watches it for a stall
    const renderGate = createRenderGate({
      concurrency: site.render.concurrency,
      maxWaitMs: site.render.maxWaitMs,
      maxWaiting: site.render.maxWaiting,
    });
    const app = new Hono<RequestIdEnv>();
    // The chain, outermost first, one named step each (the order is the code's order). Each
    // answer passes back out through every step above the one that made it.
    // Request id: an id for every request, first, so every later step and log line can name it
    app.use(requestIds());
    // Access log: the access log wraps everything below, so cache hits and static files are logged too
    app.use(accessLog());
    // Compression: compression wraps every answer made below it, the page cache's included
    if (isBuild) app.use(compress());
    // Page cache: a cached page answers before any per-request work (context, nonce, render)
    if (cache) app.use(cache.middleware);
    // Request context: the request context (locale, path, nonce, visitor) that every step below reads
    app.use(requestContext(site));
    // Security headers: security headers on every answer made below, with the context's CSP nonce
    app.use(securityHeaders(site, dev));
    // Address check: malformed or oversized addresses and queries refused before anything routes on them
    app.use(normalize(site.localeStrategy));
    // Methods: a method a path does not take is a 405 with Allow whatever its Origin (one answer)
    app.use(methods());
    // Probes: the probes, before the Origin check and the body limit (they take neither); readiness
    // is this process's own state (its loop and renders), never the API's
    app.use(health(site, { gate: renderGate }));
    // Origin check: the Origin check for the methods a path takes
    app.use(originCheck());
    // Body limit: no body beyond a small form reaches a handler
    app.use(pageBodyLimit());
    // API proxy: the API under the site's own origin, before any page or file lookup
    app.use(apiProxy(site));
    // Icons and images: icons and coin images (/img/coin/<style>/<SYMBOL>.svg) drawn on demand, before the
    // file lookup (they have no file)
    app.use(icons(site));
    app.use(images());
    // Root redirect: `/` to the visitor's language (or the configured root redirect)
    app.use(
      negotiateRoot(rootRedirectPath(site.rootRedirect), site.localeStrategy),
    );
    // Static files: the build's files, only for paths that name one (in development Vite serves them)
    if (isBuild) app.use(staticFiles(config.distDir, config.basePath));
    // Remote translations: a locale's remote translation bundles loaded before its page renders (when they are on)
    if (site.remoteTranslations.enabled) app.use(remoteTranslations());
    // Unknown keys: a key a keyed route's list lacks: the 404 rendered once per host, session bit, locale
    // and route, with this request's key and nonce put in (no lookup, no render)
    if (cache)
      app.use(
        notFoundKeys({
          knownKeys: async (route, locale) =>
            (await loadPageHooks(route)).knownKeys?.(locale),
          redirects: async (path) => (await findRedirect(path)) !== undefined,
          fetchPage: (request) => app.fetch(request),
          hostOf: (header) => trustedHost(site, header),
          ttlMs: site.pageCache.ttlMs,
        }).middleware,
      );
    // Last good pages: during an API outage a page answers its last good copy
    app.use(
      lastGoodPages({
        maxAgeMs: site.pageCache.staleIfErrorMs,
      }).middleware,
    );
    // Status rewrite: statuses that mean what they say: a page's own status on the wire, a thrown error's
    // localized error screen instead of Waku's bare 500
    app.use(statusRewrite());
    // Render limit: a bounded number of renders at once; the rest wait briefly or get a 503
    app.use(renderLimit(renderGate));
    // Render: last: Waku renders the page, the RSC payload or the server action
    app.use(render(processRequest));
    app.notFound((c) => c.text('404 Not Found\n', 404));
    app.onError(onError);
    return {
      fetch: app.fetch,
      build: processBuild,
      buildOptions: { distDir: config.distDir },
      buildEnhancers: ['waku/adapters/node-build-enhancer'],
      serve: (
        options: {
          fetch: Parameters<typeof getRequestListener>[0];
          port?: number;
          hostname?: string;
        },
        onListen?: (info: AddressInfo) => void,
      ) => {
        const bare = bareSecurityHeaders(site, dev);
        const listener = getRequestListener(options.fetch, {
          ...(options.hostname === undefined
            ? {}
            : { hostname: options.hostname }),
          // a request the adapter cannot turn into a URL: our 400, with every security header
          errorHandler: () => badRequest(bare),
        });
        // guest-cache hits are answered before Hono and the Web Request/Response round trip
        const server = withCacheFastPath(cache)({}, (req, res) => {
          void listener(req, res);
        });
        answerClientErrors(server, bare);
        server.listen(options.port ?? 3000, options.hostname, () => {
          onListen?.(server.address() as AddressInfo);
        });
        return server;
      },
    };
  },
);
