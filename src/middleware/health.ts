import { monitorEventLoopDelay } from 'node:perf_hooks';

import type { MiddlewareHandler } from 'hono';

import { HTTP_TIMEOUT_MS } from '../lib/config/index.ts';
import { apiOriginFor } from '../lib/server/api-origin.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';
import type { RenderGate } from './render-limit.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    },
  });

const PROBE_METHODS = 'GET, HEAD';

/** What the last check of the API found: information for operators, never readiness. */
type ApiState = 'up' | 'down' | 'unknown' | number;

/**
 * A render gate full for this long with no turn handed back is stuck, not busy: a render's API
 * calls end within the server budget (2.5 s) and the transport timeout (15 s), so no healthy
 * render holds its turn for twice that. Every page miss of a stuck process waits, then gets a 503.
 */
export const RENDERS_STALLED_MS = 2 * HTTP_TIMEOUT_MS;

/**
 * A median event loop delay past this makes a process unready: the render line's default wait
 * budget (RENDER_MAX_WAIT_MS). A loop that lags longer makes every answer, cache hits included,
 * wait longer than the process lets a page wait for its render turn before refusing it.
 */
export const MAX_LOOP_DELAY_MS = 1000;

const LOOP_RESOLUTION_MS = 20;
const LOOP_WINDOW_MS = 5000;

/**
 * The event loop's median delay over the last complete 5 s window (ms), from perf_hooks'
 * histogram: one slow task (a GC, a large render) moves the maximum, not the median; a median
 * delay means most tasks of the window waited that long.
 */
const eventLoopDelay = (): (() => number) => {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  let median = 0;
  setInterval(() => {
    median =
      histogram.count > 0
        ? Math.max(0, histogram.percentile(50) / 1e6 - LOOP_RESOLUTION_MS)
        : 0;
    histogram.reset();
  }, LOOP_WINDOW_MS).unref();
  return () => median;
};

export type HealthOptions = {
  /** The render gate whose stall makes this process unready (none: renders are not watched). */
  gate?: Pick<RenderGate, 'stalledMs'>;
  /** The event loop delay past which this process is unready (ms); default MAX_LOOP_DELAY_MS. */
  maxLoopDelayMs?: number;
  /** The event loop's current delay (ms); default: measured with perf_hooks. */
  loopDelayMs?: () => number;
  /** How long one check of the API is reported (ms): probes never drive upstream load. */
  readyTtlMs?: number;
  now?: () => number;
};

/**
 * /healthz: the process answers. /readyz: whether this process can serve, not whether the API
 * is up (decision 0028). Pages answer during an API outage (defaults, notices, last good copies), so an outage
 * must not take every process out of a load balancer's rotation at once. Unready (503) is:
 * - not started: nothing listens yet (connection refused);
 * - draining after SIGTERM: answered before this middleware (scripts/lib/drain.ts);
 * - the event loop's median delay past MAX_LOOP_DELAY_MS (see there);
 * - the render gate full with no render finished for RENDERS_STALLED_MS: stuck renders.
 * Being busy is not unready: a full gate that keeps handing turns back and a loop that keeps up
 * are a process serving at its limit, and failing all such processes at once would be an outage.
 * The body says the API's state from the last check (at most one per `readyTtlMs`, run in the
 * background: a probe never waits on the API). Both take GET and HEAD only: any other method is
 * a 405 with `Allow` (OPTIONS: 204 with `Allow`).
 */
export const health = (
  config: SiteConfig,
  options: HealthOptions = {},
): MiddlewareHandler => {
  const ttl = options.readyTtlMs ?? 1000;
  const maxLoopDelayMs = options.maxLoopDelayMs ?? MAX_LOOP_DELAY_MS;
  const now = options.now ?? (() => performance.now());
  const loopDelayMs = options.loopDelayMs ?? eventLoopDelay();
  const checks = new Map<string, { at: number; state: ApiState }>();

  const check = async (apiOrigin: string): Promise<ApiState> => {
    try {
      const res = await fetch(`${apiOrigin}/healthz`, {
        signal: AbortSignal.timeout(1000),
      });
      await res.body?.cancel();
      return res.ok ? 'up' : res.status;
    } catch {
      return 'down';
    }
  };

  /** The API's state from its last check, a new check started when that one is too old. */
  const apiState = (apiOrigin: string): ApiState => {
    const entry = checks.get(apiOrigin);
    if (!entry || now() - entry.at >= ttl) {
      // one entry per API origin (a handful: the environments), replaced, never accumulated
      const next = { at: now(), state: entry?.state ?? 'unknown' };
      checks.set(apiOrigin, next);
      void check(apiOrigin).then((state) => {
        next.state = state;
      });
    }
    return checks.get(apiOrigin)?.state ?? 'unknown';
  };

  /** Why this process cannot serve, or undefined when it can. */
  const unready = (): string | undefined => {
    const delay = loopDelayMs();
    if (delay > maxLoopDelayMs)
      return `event loop delayed ${Math.round(delay)} ms`;
    const stalled = options.gate?.stalledMs() ?? 0;
    if (stalled >= RENDERS_STALLED_MS)
      return `renders stalled for ${Math.round(stalled / 1000)} s`;
    return undefined;
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
    const api = context
      ? apiState(apiOriginFor(config, context.env))
      : 'unknown';
    const reason = unready();
    return reason === undefined
      ? json(200, { status: 'ready', api })
      : json(503, { status: 'unavailable', reason, api });
  };
};
