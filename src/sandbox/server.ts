import type { AddressInfo } from 'node:net';

import { createAdaptorServer } from '@hono/node-server';
import { stringifySetCookie } from 'cookie';

import { createApp } from './app.ts';
import { createFaults } from './faults.ts';
import type { Context } from './handler.ts';
import { EPOCH } from './seed.ts';
import {
  Outbox,
  Registrations,
  type Mail,
  type RegistrationLimits,
} from './signup.ts';
import { SESSION_MAX_AGE, Store, type SessionLimits } from './store.ts';
import { LoginThrottle, type ThrottleOptions } from './throttle.ts';

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
  registrationLimits?: Partial<RegistrationLimits>;
  /** Each mail the sandbox "sends" (main.ts prints them; they are never sent anywhere). */
  onMail?: (mail: Mail) => void;
  /** The journal is compacted once larger than this and the snapshot (store.ts). */
  compactFloorBytes?: number;
  /** How login delays wait (tests record them instead). */
  sleep?: (ms: number) => Promise<void>;
};

export type Sandbox = {
  url: string;
  port: number;
  close: () => Promise<void>;
  store: Store;
};

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * The embedded exchange API (DESIGN decision 7): a real HTTP server on loopback, the
 * production envelope, deterministic data, users, balances and transfers persisted to a data
 * file. Test controls under /__sandbox/ when `controls` is on. The routes: app.ts.
 */
export const startSandbox = async (
  options: SandboxOptions = {},
): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host) && !options.allowRemote)
    throw new Error(`the sandbox listens on loopback only, not ${host}`);
  const store = new Store(options.dataFile, {
    log: (m) => console.warn(m),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sessionLimits ? { sessionLimits: options.sessionLimits } : {}),
    ...(options.compactFloorBytes === undefined
      ? {}
      : { compactFloorBytes: options.compactFloorBytes }),
  });
  const tokenCookie = options.tokenCookieName ?? 'b_t_c_k';
  const firstBuildId = options.buildId ?? `sandbox-${EPOCH.toString(36)}`;
  let buildId = firstBuildId;
  const faults = createFaults();
  const ctx: Context = {
    store,
    siteDomain: options.siteDomain ?? 'example-exchange.com',
    buildId: () => buildId,
    events: [],
    throttle: new LoginThrottle({
      ...(options.now ? { now: options.now } : {}),
      ...options.throttle,
    }),
    registrations: new Registrations(
      options.registrationLimits,
      options.now ?? Date.now,
    ),
    outbox: new Outbox(options.onMail),
    sleep:
      options.sleep ??
      ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };

  const app = createApp({
    ctx,
    session: {
      name: tokenCookie,
      serialize: (sid) =>
        stringifySetCookie({
          name: tokenCookie,
          value: sid ?? '',
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: options.secureCookies ?? true,
          maxAge: sid ? SESSION_MAX_AGE : 0,
        }),
    },
    faults,
    controls: options.controls
      ? {
          faults,
          setBuildId: (id) => {
            buildId = id;
          },
          reset: async () => {
            await store.reset();
            faults.clear();
            ctx.events.length = 0;
            ctx.registrations.clear();
            ctx.outbox.clear();
            buildId = firstBuildId;
          },
        }
      : null,
    log: options.log ?? false,
  });

  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: host,
  });
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 5000;
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
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  };
};
