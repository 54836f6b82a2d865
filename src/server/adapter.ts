import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { unstable_createServerEntryAdapter as createServerEntryAdapter } from 'waku/adapter-builders';

import { pageAddress } from '../lib/page-address.ts';
import { log, logEnabled } from '../lib/server/log.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { accessLog, requestIdFor } from '../middleware/access-log.ts';
import { apiProxy } from '../middleware/api-proxy.ts';
import { compress } from '../middleware/compress.ts';
import { onError } from '../middleware/errors.ts';
import { guestCache } from '../middleware/guest-cache.ts';
import { health } from '../middleware/health.ts';
import { icons } from '../middleware/icons.ts';
import { images } from '../middleware/images.ts';
import { lastGoodPages } from '../middleware/last-good-page.ts';
import { methods } from '../middleware/methods.ts';
import { negotiateRoot, rootRedirectPath } from '../middleware/negotiate.ts';
import { normalize } from '../middleware/normalize.ts';
import { originCheck } from '../middleware/origin-check.ts';
import { dropInvalidRange } from '../middleware/range.ts';
import { remoteTranslations } from '../middleware/remote-translations.ts';
import { createRenderGate, renderLimit } from '../middleware/render-limit.ts';
import { requestContext, trustedHost } from '../middleware/request-context.ts';
import { mutableResponse } from '../middleware/response.ts';
import {
  bareSecurityHeaders,
  contentSecurityPolicy,
  securityHeaders,
} from '../middleware/security-headers.ts';
import { statusRewrite } from '../middleware/status.ts';
import { answerClientErrors, badRequest } from './bare-answers.ts';

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
 * The request Waku renders: for a page (document or client navigation), its one address with
 * only the query parameters the page declares (issue 23), so an undeclared parameter never
 * reaches the HTML or the RSC payload (which names the route and its query).
 */
export const pageRequest = (request: Request): Request => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  const url = new URL(request.url);
  const address = pageAddress(url.pathname, url.search);
  if (address === undefined || address === `${url.pathname}${url.search}`)
    return request;
  return new Request(new URL(address, url), request);
};

/** Pages take no request bodies beyond small forms; the API proxy has its own limit. */
export const PAGE_BODY_LIMIT = 64 * 1024;

/**
 * Our server entry: Waku's node adapter serves static files before any middleware, so
 * static responses would miss the security headers. Here every response — static files,
 * API proxy, pages — passes through the same chain, in this order.
 */
export default createServerEntryAdapter(
  ({ processRequest, processBuild, config, isBuild }) => {
    const site = getSiteConfig();
    const dev = !isBuild;
    const app = new Hono();
    app.use(accessLog());
    // PAGE_CACHE=off: every page renders (benchmarks of the render path, debugging)
    const cache =
      isBuild && process.env.PAGE_CACHE !== 'off'
        ? guestCache({
            ttlMs: Number(process.env.GUEST_CACHE_TTL_MS ?? 10_000),
            maxBytes: 64 * 1024 * 1024,
            maxEntries: 5000,
            buildId: String(import.meta.env.WAKU_BUILD_ID ?? ''),
            hostOf: (header) => trustedHost(site, header),
            cspForHashes: (hashes) => contentSecurityPolicy(hashes, site, dev),
            // `/` is a page only when the default language is unprefixed and nothing redirects it
            cacheRoot:
              site.localeStrategy === 'prefix_except_default' &&
              rootRedirectPath(site.rootRedirect) === '',
          })
        : undefined;
    if (isBuild) app.use(compress());
    if (cache) app.use(cache.middleware);
    app.use(requestContext(site));
    app.use(securityHeaders(site, dev));
    app.use(normalize(site.localeStrategy));
    // a method a path does not take is a 405 with Allow whatever its Origin (one answer), then
    // the probes, then the Origin check for the methods a path takes
    app.use(methods());
    app.use(health(site));
    app.use(originCheck());
    app.use(
      bodyLimit({
        maxSize: PAGE_BODY_LIMIT,
        onError: (c) => c.text('Payload Too Large\n', 413),
      }),
    );
    app.use(apiProxy(site));
    app.use(icons(site));
    app.use(images());
    app.use(
      negotiateRoot(rootRedirectPath(site.rootRedirect), site.localeStrategy),
    );
    if (isBuild) {
      const serveFiles = serveStatic({
        root: path.join(config.distDir, 'public'),
        precompressed: true,
        rewriteRequestPath: (p) => p.slice(config.basePath.length - 1),
        onFound: (p, c) => {
          c.header(
            'cache-control',
            p.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          );
        },
      });
      // only paths that name a file (an extension) are looked up on disk: pages skip the stat
      app.use((c, next) => {
        if (!/\.[a-z0-9]+$/i.test(c.req.path)) return next();
        dropInvalidRange(c);
        return serveFiles(c, next);
      });
    }
    if (site.remoteTranslations.enabled) app.use(remoteTranslations());
    // during an API outage a page answers its last good copy (issue 29)
    app.use(
      lastGoodPages({
        maxAgeMs: Number(process.env.STALE_IF_ERROR_MS ?? 86_400_000),
      }).middleware,
    );
    app.use(statusRewrite());
    app.use(
      renderLimit(
        createRenderGate({
          concurrency: site.render.concurrency,
          maxWaitMs: site.render.maxWaitMs,
          maxWaiting: site.render.maxWaiting,
        }),
      ),
    );
    app.use(async (c, next) => {
      const res = await processRequest(pageRequest(c.req.raw));
      if (res) {
        c.res = res;
        // an RSC payload is `text/x-component` (Waku leaves the type out): caches, compression
        // and tools see it for what it is
        if (
          res.status === 200 &&
          c.req.path.startsWith('/RSC/') &&
          !/^text\/x-component/.test(res.headers.get('content-type') ?? '')
        )
          mutableResponse(c).headers.set(
            'content-type',
            'text/x-component; charset=utf-8',
          );
        return;
      }
      await next();
    });
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
