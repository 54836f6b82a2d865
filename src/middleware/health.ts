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

const PROBE_METHODS = 'GET, HEAD';

type Readiness = { status: number; body: unknown };

export type HealthOptions = {
  /** How long one upstream check answers /readyz (ms): probes never drive upstream load. */
  readyTtlMs?: number;
  now?: () => number;
};

/**
 * /healthz: the process answers. /readyz: and the API answered within a second, checked at
 * most once per `readyTtlMs` (concurrent probes share one check). Both take GET and HEAD only:
 * any other method is a 405 with `Allow` (OPTIONS: 204 with `Allow`).
 */
export const health = (
  config: SiteConfig,
  options: HealthOptions = {},
): MiddlewareHandler => {
  const ttl = options.readyTtlMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  const checks = new Map<string, { at: number; result: Promise<Readiness> }>();

  const check = async (apiOrigin: string): Promise<Readiness> => {
    const started = performance.now();
    try {
      const res = await fetch(`${apiOrigin}/healthz`, {
        signal: AbortSignal.timeout(1000),
      });
      await res.body?.cancel();
      const ms = Math.round(performance.now() - started);
      return res.ok
        ? { status: 200, body: { status: 'ready', api: 'up', ms } }
        : { status: 503, body: { status: 'unavailable', api: res.status } };
    } catch {
      return { status: 503, body: { status: 'unavailable', api: 'down' } };
    }
  };

  return async (c, next) => {
    const path = c.req.path;
    if (path !== '/healthz' && path !== '/readyz') return next();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD')
      return method === 'OPTIONS'
        ? new Response(null, {
            status: 204,
            headers: { allow: PROBE_METHODS, 'cache-control': 'no-store' },
          })
        : new Response('Method Not Allowed\n', {
            status: 405,
            headers: {
              allow: PROBE_METHODS,
              'content-type': 'text/plain; charset=utf-8',
              'cache-control': 'no-store',
            },
          });
    if (path === '/healthz') return json(200, { status: 'ok' });
    const context = findRequestContext();
    if (!context) return json(503, { status: 'unavailable' });
    const apiOrigin = apiOriginFor(config, context.env);
    let entry = checks.get(apiOrigin);
    if (!entry || now() - entry.at >= ttl) {
      entry = { at: now(), result: check(apiOrigin) };
      // one entry per API origin (a handful: the environments), replaced, never accumulated
      checks.set(apiOrigin, entry);
    }
    const { status, body } = await entry.result;
    return json(status, body);
  };
};
