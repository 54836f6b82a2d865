/**
 * Graceful drain of a production server process (issue 25). On SIGTERM the process
 * 1. answers /readyz with 503 at once, so a load balancer or nginx health check takes it out;
 * 2. keeps serving everything else for the drain period (SHUTDOWN_DRAIN_MS, default 5 s: long
 *    enough for a proxy polling /readyz every few seconds to notice), answering with
 *    `Connection: close` so keep-alive clients open their next connection elsewhere;
 * 3. stops accepting connections, closes idle keep-alive sockets, lets requests in flight finish
 *    (at most SHUTDOWN_TIMEOUT_MS, default 30 s, then the rest are cut), and exits 0.
 * SIGINT (Ctrl+C in a terminal) skips the drain period and goes straight to step 3.
 */
import type { Server } from 'node:http';

export const DEFAULT_DRAIN_MS = 5000;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000;
/**
 * How much longer than its drain period and shutdown timeout `npm start` (scripts/start.ts) gives
 * its site process before SIGKILL: what a supervisor's own grace period adds on top of the two.
 */
export const STOP_MARGIN_MS = 5000;

/** A non-negative whole number of milliseconds from the environment, else the default. */
export const msFromEnv = (value: string | undefined, fallback: number) => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(
      `expected a whole number of milliseconds ≥ 0, got ${JSON.stringify(value)}`,
    );
  return n;
};

export type Drain = {
  /** True from the first signal on: /readyz answers 503. */
  readonly draining: () => boolean;
  /**
   * Starts the shutdown (once; later calls return the same promise). `drainMs` 0 skips the
   * period in which the process keeps serving.
   */
  readonly begin: (drainMs: number) => Promise<void>;
};

export const createDrain = (
  server: Server,
  options: { timeoutMs: number; log?: (message: string) => void },
): Drain => {
  let state: Promise<void> | undefined;
  // while draining, every answer ends its connection: the client's next request opens a new
  // one, which the load balancer sends to a process that stays
  server.prependListener('request', (_req, res) => {
    if (state) res.shouldKeepAlive = false;
  });
  const close = () =>
    new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        options.log?.('shutdown timeout: closing the connections left');
        server.closeAllConnections();
      }, options.timeoutMs);
      cut.unref();
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    });
  return {
    draining: () => state !== undefined,
    begin: (drainMs) => {
      state ??= (async () => {
        options.log?.(
          `draining: /readyz answers 503, serving for ${drainMs} ms more`,
        );
        if (drainMs > 0)
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        await close();
        options.log?.('drained: every request answered');
      })();
      return state;
    },
  };
};

/** The answer /readyz gets while the process drains. */
export const drainingReadyz = () =>
  new Response(JSON.stringify({ status: 'draining' }), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    },
  });

/** Whether a request asks for /readyz (the readiness probe), whatever its query. */
export const isReadyz = (url: string) => {
  const start = url.indexOf('://');
  const pathStart = start < 0 ? 0 : url.indexOf('/', start + 3);
  if (pathStart < 0) return false;
  const path = url.slice(pathStart).split(/[?#]/, 1)[0];
  return path === '/readyz';
};
