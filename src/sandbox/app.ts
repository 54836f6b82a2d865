import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { logger } from 'hono/logger';

import { analyticsRoutes } from './analytics.ts';
import { AREA_ROUTES } from './areas.ts';
import { controlsRoutes, type Controls } from './controls.ts';
import { fail, ok, SandboxError, send } from './envelope.ts';
import type { Faults } from './faults.ts';
import type { Context, SandboxEnv, SessionCookie } from './handler.ts';
import { redirectRulesRoutes, siteRoutes } from './site.ts';
import { createTraceContextLog } from './trace-context.ts';

/** The largest request body the sandbox reads (413 beyond). */
export const BODY_LIMIT = 64 * 1024;

/** A path parameter longer than this matches no route. */
const PARAM_LIMIT = 128;

/** Everything under /api/v1: the product areas (src/sandbox/areas), the site's redirect rules and the collector. */
const API_ROUTES = [...AREA_ROUTES, redirectRulesRoutes, analyticsRoutes];

export type AppOptions = {
  ctx: Context;
  session: SessionCookie;
  faults: Faults;
  /** The test controls under /__sandbox/, or null (404 there). */
  controls: Controls | null;
  log: boolean;
};

const notFound = () => send(404, fail('NOT_FOUND'));

/** The sandbox as a Hono app, in the order a request meets it. */
export const createApp = ({
  ctx,
  session,
  faults,
  controls,
  log,
}: AppOptions) => {
  const app = new Hono<SandboxEnv>();
  // a failure a handler throws is its envelope; anything else a logged 500, never a stack trace
  app.onError((error) => {
    if (error instanceof SandboxError)
      return send(
        error.status,
        fail(error.code),
        error.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(error.retryAfterSeconds) },
      );
    console.error(`sandbox: ${error.message}`);
    return send(500, fail('INTERNAL'));
  });
  app.notFound(notFound);
  if (log) app.use(logger());
  // the state every handler reads; a path that does not decode is refused before anything else
  app.use(async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return send(400, fail('INVALID_PARAMS'));
    }
    c.set('ctx', ctx);
    c.set('session', session);
    await next();
  });
  app.use(
    bodyLimit({
      maxSize: BODY_LIMIT,
      // the rest of the body is not read: the connection cannot carry another request
      onError: () => send(413, fail('BODY_TOO_LARGE'), { connection: 'close' }),
    }),
  );
  if (controls) {
    // the traceparent each request carried, read back by the tracing test
    const traceContext = createTraceContextLog();
    app.use(traceContext.middleware);
    app.get('/__sandbox/trace-context', (c) =>
      send(
        200,
        ok({ items: traceContext.list(c.req.query('path') || undefined) }),
      ),
    );
    app.route('/__sandbox', controlsRoutes(controls));
  } else app.all('/__sandbox/*', notFound);
  // faults come before every route, so they stand in for any answer (and for unknown paths)
  app.use(faults.middleware);
  app.route('/', siteRoutes);
  app.use('/api/*', async (c, next) => {
    const segments = decodeURIComponent(new URL(c.req.url).pathname).split('/');
    if (segments.some((s) => s.length > PARAM_LIMIT)) return notFound();
    await next();
  });
  for (const routes of API_ROUTES) app.route('/api/v1', routes);
  // a known path asked with another method: 405 (registered last, so the right method wins)
  const paths = new Set(
    app.routes.filter((r) => r.method !== 'ALL').map((r) => r.path),
  );
  for (const path of paths)
    app.all(path, () => send(405, fail('METHOD_NOT_ALLOWED')));
  return app;
};
