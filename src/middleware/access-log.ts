import { randomUUID } from 'node:crypto';

import type { MiddlewareHandler } from 'hono';

import { log, logEnabled } from '../lib/server/log.ts';

/**
 * A request id: the caller's (bounded, safe characters) or a random UUID (122 random bits):
 * it carries nothing, neither how many requests came before nor when.
 */
export const requestIdFor = (header: string | undefined): string =>
  header && /^[\w.-]{1,64}$/.test(header) ? header : randomUUID();

/**
 * One JSON line per request: request id, method, path, status, duration (ms), cache result.
 * Runs outermost, so guest-cache hits and static files are logged too.
 */
export const accessLog = (): MiddlewareHandler => async (c, next) => {
  const started = performance.now();
  const requestId = requestIdFor(c.req.header('x-request-id'));
  c.set('requestId' as never, requestId as never);
  await next();
  if (!c.res.headers.has('x-request-id')) {
    try {
      c.res.headers.set('x-request-id', requestId);
    } catch {
      // an immutable proxied response: the id is in the log line
    }
  }
  if (!logEnabled('info')) return;
  log(c.res.status >= 500 ? 'error' : 'info', 'request', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    cache: c.res.headers.get('x-cache') ?? undefined,
  });
};
