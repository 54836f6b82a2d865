import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

import { parseCookie, stringifySetCookie } from 'cookie';

import { fail, ok, SandboxError, send } from './envelope.ts';
import { matchRoute, type Context } from './routes.ts';
import { EPOCH } from './seed.ts';
import { SESSION_MAX_AGE, Store, type SessionLimits } from './store.ts';
import { LoginThrottle, type ThrottleOptions } from './throttle.ts';

/**
 * The route rules of the sandbox's build manifest (deterministic): old short links that moved.
 * `static` matches a path exactly, `wildcard` a path and everything under it.
 */
export const ROUTE_RULES = {
  static: {
    '/en/earn': { redirect: '/en/earning/savings' },
    '/en/zcc': {
      redirect: { to: '/en/ZCCCompetition2025', statusCode: 302 },
    },
  },
  wildcard: {
    '/ja-JP/promo': { redirect: '/ja-JP/welcome' },
    '/en/get-app': {
      redirect: {
        to: 'https://download.example-exchange.com/app',
        statusCode: 301,
      },
    },
  },
  dynamic: {},
} as const;

export type SandboxOptions = {
  port?: number;
  host?: string;
  allowRemote?: boolean;
  dataFile?: string;
  siteDomain?: string;
  tokenCookieName?: string;
  secureCookies?: boolean;
  controls?: boolean;
  buildId?: string;
  log?: boolean;
  /** The clock sessions expire by (tests move it). */
  now?: () => number;
  sessionLimits?: SessionLimits;
  throttle?: Partial<ThrottleOptions>;
  /** How login delays wait (tests record them instead). */
  sleep?: (ms: number) => Promise<void>;
};

export type Sandbox = {
  url: string;
  port: number;
  close: () => Promise<void>;
  store: Store;
};

type Fault = {
  pathPrefix: string;
  kind: 'delay' | 'status' | 'malformed' | 'oversized' | 'down';
  ms: number;
  status: number;
  times: number;
};

export const BODY_LIMIT = 64 * 1024;
const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|localhost)$/;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > BODY_LIMIT) {
        reject(new SandboxError('BODY_TOO_LARGE', 413));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const parseJson = (text: string): Record<string, unknown> => {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SandboxError('BAD_JSON', 400);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SandboxError('BAD_JSON', 400);
  return value as Record<string, unknown>;
};

/**
 * The embedded exchange API (DESIGN decision 7): a real HTTP server on loopback, the
 * production envelope, deterministic data, users, balances and transfers persisted to a data
 * file. Test controls under /__sandbox/ when `controls` is on.
 */
export const startSandbox = async (
  options: SandboxOptions = {},
): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host) && !options.allowRemote)
    throw new Error(`the sandbox listens on loopback only, not ${host}`);
  const log = (msg: string) => {
    if (options.log) console.log(msg);
  };
  const store = new Store(options.dataFile, {
    log: (m) => console.warn(m),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sessionLimits ? { sessionLimits: options.sessionLimits } : {}),
  });
  const tokenCookie = options.tokenCookieName ?? 'b_t_c_k';
  let buildId = options.buildId ?? `sandbox-${EPOCH.toString(36)}`;
  let faults: Fault[] = [];
  const ctx: Context = {
    store,
    siteDomain: options.siteDomain ?? 'example-exchange.com',
    buildId: () => buildId,
    events: [],
    throttle: new LoginThrottle({
      ...(options.now ? { now: options.now } : {}),
      ...options.throttle,
    }),
    sleep:
      options.sleep ??
      ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };

  const sessionCookie = (sid: string | null) =>
    stringifySetCookie({
      name: tokenCookie,
      value: sid ?? '',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: options.secureCookies ?? true,
      maxAge: sid ? SESSION_MAX_AGE : 0,
    });

  const controls = async (
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    url: URL,
  ) => {
    if (pathname === '/__sandbox/reset' && req.method === 'POST') {
      await store.reset();
      faults = [];
      ctx.events.length = 0;
      buildId = options.buildId ?? `sandbox-${EPOCH.toString(36)}`;
      return send(res, 200, ok({ reset: true }));
    }
    if (pathname === '/__sandbox/build-id' && req.method === 'POST') {
      const id = parseJson(await readBody(req)).id;
      if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id))
        return send(res, 200, fail('INVALID_PARAMS'));
      buildId = id;
      return send(res, 200, ok({ id }));
    }
    if (pathname === '/__sandbox/faults' && req.method === 'POST') {
      const body = parseJson(await readBody(req));
      const kind = body.kind;
      if (
        typeof body.pathPrefix !== 'string' ||
        !['delay', 'status', 'malformed', 'oversized', 'down'].includes(
          String(kind),
        )
      ) {
        return send(res, 200, fail('INVALID_PARAMS'));
      }
      faults.push({
        pathPrefix: body.pathPrefix,
        kind: kind as Fault['kind'],
        ms: typeof body.ms === 'number' ? Math.min(body.ms, 60_000) : 5000,
        status: typeof body.status === 'number' ? body.status : 503,
        times:
          typeof body.times === 'number'
            ? body.times
            : Number.POSITIVE_INFINITY,
      });
      return send(res, 200, ok({ faults: faults.length }));
    }
    if (pathname === '/__sandbox/faults' && req.method === 'DELETE') {
      faults = [];
      return send(res, 200, ok({ faults: 0 }));
    }
    if (pathname === '/__sandbox/events' && req.method === 'GET') {
      const type = url.searchParams.get('type');
      const page = url.searchParams.get('pageName');
      const events = ctx.events.filter((e) => {
        const event = e as Record<string, unknown>;
        return (
          (!type || event.type === type) && (!page || event.pageName === page)
        );
      });
      return send(res, 200, ok({ items: events }));
    }
    return send(res, 404, fail('NOT_FOUND'));
  };

  /** An injected fault for this path, if any: returns true when it answered. */
  const injectFault = async (
    pathname: string,
    res: ServerResponse,
    req: IncomingMessage,
  ): Promise<boolean> => {
    const fault = faults.find(
      (f) => f.times > 0 && pathname.startsWith(f.pathPrefix),
    );
    if (!fault) return false;
    fault.times--;
    if (fault.kind === 'delay') {
      await new Promise((r) => setTimeout(r, fault.ms));
      return false;
    }
    if (fault.kind === 'down') {
      req.socket.destroy();
      return true;
    }
    if (fault.kind === 'status') {
      send(res, fault.status, fail('INTERNAL'));
      return true;
    }
    if (fault.kind === 'malformed') {
      send(res, 200, '{"ret_code": "zero", "result": [unclosed');
      return true;
    }
    send(
      res,
      200,
      ok({
        items: Array.from({ length: 200_000 }, (_, i) => ({
          id: `x${i}`,
          name: 'x'.repeat(20),
        })),
      }),
    );
    return true;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return send(res, 400, fail('INVALID_PARAMS'));
    }
    if (pathname.startsWith('/__sandbox/')) {
      if (!options.controls) return send(res, 404, fail('NOT_FOUND'));
      return controls(req, res, pathname, url);
    }
    if (await injectFault(pathname, res, req)) return;
    if (pathname === '/healthz') return send(res, 200, 'ok');
    if (pathname === '/latest.json') return send(res, 200, { id: buildId });
    const meta = pathname.match(/^\/builds\/meta\/([\w.-]{1,64})\.json$/);
    if (meta) {
      if (meta[1] !== buildId)
        return send(res, 404, { error: 'unknown build' });
      return send(res, 200, {
        id: buildId,
        timestamp: EPOCH,
        matcher: ROUTE_RULES,
        prerendered: [],
      });
    }
    const method = req.method ?? 'GET';
    const route = matchRoute(method, pathname);
    if (route === 'method-not-allowed')
      return send(res, 405, fail('METHOD_NOT_ALLOWED'));
    if (!route) return send(res, 404, fail('NOT_FOUND'));
    const body =
      method === 'GET' || method === 'HEAD'
        ? {}
        : parseJson(await readBody(req));
    const cookies = parseCookie(req.headers.cookie ?? '');
    const reply = await route.handler(
      {
        method,
        path: pathname,
        params: route.params,
        query: url.searchParams,
        body,
        sid: cookies[tokenCookie],
      },
      ctx,
    );
    const headers: Record<string, string> = {};
    if (reply.setSession !== undefined)
      headers['set-cookie'] = sessionCookie(reply.setSession);
    send(res, 200, ok(reply.result), headers);
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .catch((error: unknown) => {
        if (res.headersSent) return;
        if (error instanceof SandboxError)
          return send(res, error.status, fail(error.code));
        console.error(
          `sandbox: ${error instanceof Error ? error.message : String(error)}`,
        );
        send(res, 500, fail('INTERNAL'));
      })
      .finally(() =>
        log(
          `${req.method ?? ''} ${req.url ?? ''} ${res.statusCode} ${Date.now() - started}ms`,
        ),
      );
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
