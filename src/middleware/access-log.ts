import { randomUUID } from 'node:crypto';

import type { MiddlewareHandler } from 'hono';
import { requestId, type RequestIdVariables } from 'hono/request-id';

import { log, logEnabled } from '../lib/server/log.ts';
import { CLIENT_CLOSED, clientClosed } from './errors.ts';

/**
 * A request id: the caller's (bounded, safe characters) or a random UUID (122 random bits):
 * it carries nothing, neither how many requests came before nor when.
 */
export const requestIdFor = (header: string | undefined): string =>
  header && /^[\w.-]{1,64}$/.test(header) ? header : randomUUID();

/** What the request id middleware puts on the context, for the middleware that read it. */
export type RequestIdEnv = { Variables: RequestIdVariables };

/**
 * The request's id on the context (`c.get('requestId')`), by hono/request-id. Hono's own header
 * check refuses a dot; ours keeps any caller id of safe characters, so the id is read here
 * (`headerName: ''`) and the access log answers it in `x-request-id` unless an upstream did.
 */
export const requestIds = (): MiddlewareHandler<RequestIdEnv> =>
  requestId({
    headerName: '',
    generator: (c) => requestIdFor(c.req.header('x-request-id')),
  });

/**
 * One JSON line per request: request id, method, path, status, duration (ms), cache result.
 * Runs outermost after `requestIds`, so guest-cache hits and static files are logged too.
 */
export const accessLog =
  (): MiddlewareHandler<RequestIdEnv> => async (c, next) => {
    const started = performance.now();
    await next();
    const requestId = c.get('requestId');
    if (!c.res.headers.has('x-request-id')) {
      try {
        c.res.headers.set('x-request-id', requestId);
      } catch {
        // an immutable proxied response: the id is in the log line
      }
    }
    // a client that hung up is logged as 499 whatever the answer would have been, never as an
    // error (a render it cut short may have ended in a 500 of its own)
    const aborted = clientClosed(c);
    const status = aborted ? CLIENT_CLOSED : c.res.status;
    if (!logEnabled('info')) return;
    log(!aborted && status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ...(aborted ? { aborted: true } : {}),
      ms: Math.round((performance.now() - started) * 10) / 10,
      cache: c.res.headers.get('x-cache') ?? undefined,
    });
  };
