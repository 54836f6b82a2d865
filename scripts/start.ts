/**
 * npm start — serves the production build on http://localhost:3000 (PORT, HOST). With no
 * API_ORIGIN configured, it first starts the embedded sandbox API on loopback and points the
 * site at it, so a fresh machine shows a working exchange. In production (NODE_ENV=production)
 * the sandbox starts only when asked explicitly (SANDBOX_IN_PRODUCTION=1).
 */
import path from 'node:path';

import {
  DEFAULT_DRAIN_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  msFromEnv,
  STOP_MARGIN_MS,
} from './lib/drain.ts';
import {
  ROOT,
  SERVER_NODE_ARGS,
  serverProcessEnv,
  spawnUntil,
  startSandbox,
  stopChild,
  type Running,
} from './lib/processes.ts';

const port = Number(process.env.PORT ?? 3000);
/**
 * SITE_ORIGIN only when the user set it: unset, the site answers at every loopback spelling of
 * its port (localhost, 127.0.0.1, [::1]); set, it takes requests from that origin only. The
 * sandbox names its token cookie after the origin either way (the default is localhost's).
 */
const configuredOrigin = process.env.SITE_ORIGIN || undefined;
const siteOrigin = configuredOrigin ?? `http://localhost:${port}`;
const running: Running[] = [];

/**
 * Stops in order: the site first (it drains: /readyz 503, the drain period, requests in flight
 * finish), then the sandbox it was still calling. Once, whichever signal or exit comes first.
 */
let stopping: Promise<void> | undefined;
const shutdown = (code: number) => {
  stopping ??= (async () => {
    for (const r of running.reverse()) await r.stop();
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

let apiOrigin = process.env.API_ORIGIN ?? '';
if (!apiOrigin) {
  if (
    process.env.NODE_ENV === 'production' &&
    process.env.SANDBOX_IN_PRODUCTION !== '1'
  ) {
    console.error(
      'API_ORIGIN is not set. In production the embedded sandbox starts only with SANDBOX_IN_PRODUCTION=1.',
    );
    process.exit(1);
  }
  const sandbox = await startSandbox({
    siteOrigin,
    dataFile:
      process.env.SANDBOX_DATA ?? path.join(ROOT, '.sandbox-data/state.json'),
    ...(process.env.SANDBOX_PORT
      ? { port: Number(process.env.SANDBOX_PORT) }
      : {}),
    env:
      process.env.NODE_ENV === 'production'
        ? { SANDBOX_IN_PRODUCTION: '1' }
        : {},
  });
  running.push(sandbox);
  apiOrigin = sandbox.url;
  console.log(
    `no API_ORIGIN configured: using the embedded sandbox API at ${apiOrigin}`,
  );
}

const { SITE_ORIGIN: _userOrigin, ...inherited } = process.env;
const site = await spawnUntil(
  SERVER_NODE_ARGS,
  serverProcessEnv({
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    API_ORIGIN: apiOrigin,
    ...(configuredOrigin ? { SITE_ORIGIN: configuredOrigin } : {}),
  }),
  /site listening on (http:\/\/\S+)/,
  { timeoutMs: 60_000 },
);
// the site may take its drain period and its shutdown timeout before SIGKILL
const grace =
  msFromEnv(process.env.SHUTDOWN_DRAIN_MS, DEFAULT_DRAIN_MS) +
  msFromEnv(process.env.SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS) +
  STOP_MARGIN_MS;
running.push({ ...site, stop: stopChild(site.child, grace) });
site.child.once('exit', (code) => void shutdown(code ?? 1));
