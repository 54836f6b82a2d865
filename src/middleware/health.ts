import type { MiddlewareHandler } from 'hono';

import { apiOriginFor } from '../lib/server/api-origin.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    },
  });

/** /healthz: the process answers. /readyz: and the API answers within a second. */
export const health =
  (config: SiteConfig): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.path === '/healthz') return json(200, { status: 'ok' });
    if (c.req.path !== '/readyz') return next();
    const context = findRequestContext();
    if (!context) return json(503, { status: 'unavailable' });
    const started = performance.now();
    try {
      const res = await fetch(`${apiOriginFor(config, context.env)}/healthz`, {
        signal: AbortSignal.timeout(1000),
      });
      await res.body?.cancel();
      const ms = Math.round(performance.now() - started);
      return res.ok
        ? json(200, { status: 'ready', api: 'up', ms })
        : json(503, { status: 'unavailable', api: res.status });
    } catch {
      return json(503, { status: 'unavailable', api: 'down' });
    }
  };
