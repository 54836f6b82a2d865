import type { MiddlewareHandler } from 'hono';

import type { SandboxEnv } from './handler.ts';

/** At most this many are kept for reading back (the oldest dropped first). */
const RECEIVED_LIMIT = 200;

export type ReceivedTraceContext = {
  method: string;
  path: string;
  traceparent: string;
  tracestate: string | undefined;
};

/**
 * The W3C trace context the sandbox received (issue 43): every request that carried a
 * `traceparent` header, as the exchange's backend would join the site's trace with it. Read back
 * at `GET /__sandbox/trace-context?path=` (test controls only).
 */
export const createTraceContextLog = () => {
  const received: ReceivedTraceContext[] = [];
  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const traceparent = c.req.header('traceparent');
    if (traceparent !== undefined) {
      received.push({
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        traceparent: traceparent.slice(0, 256),
        tracestate: c.req.header('tracestate')?.slice(0, 512),
      });
      if (received.length > RECEIVED_LIMIT)
        received.splice(0, received.length - RECEIVED_LIMIT);
    }
    await next();
  };
  return {
    middleware,
    /** Oldest first; only those for `path` when given. */
    list: (path?: string) =>
      path ? received.filter((r) => r.path === path) : [...received],
  };
};
