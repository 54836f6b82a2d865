/**
 * The production server: dist/server (built by `npm run build`) on @hono/node-server.
 * WEB_CONCURRENCY > 1 forks one worker per process (one per core behind a CDN, DESIGN.md).
 * SIGTERM drains (scripts/lib/drain.ts): /readyz answers 503 at once, everything else is served
 * for SHUTDOWN_DRAIN_MS more, then the listener closes, requests in flight finish and the
 * process exits; the primary of a cluster passes the signal to its workers and exits after them.
 */
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { publishedBuildId } from '../src/lib/tracing.ts';
import {
  createDrain,
  DEFAULT_DRAIN_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  drainingReadyz,
  isReadyz,
  msFromEnv,
} from './lib/drain.ts';
import { instrument, processMetrics, serveMetrics } from './lib/metrics.ts';
import { tracingWanted } from './lib/tracing-config.ts';

const root = path.resolve(import.meta.dirname, '..');
// SITE_DIST_DIR: a build made into another folder than dist (waku.config.ts)
const distDir = process.env.SITE_DIST_DIR || 'dist';
const entry = path.join(root, distDir, 'server/index.js');
if (!existsSync(entry)) {
  console.error(
    `${distDir}/server/index.js is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
// loopback unless HOST says otherwise (HOST=0.0.0.0: every interface, as the container image and
// the Kubernetes manifests set it)
const host = process.env.HOST ?? '127.0.0.1';
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
const shownHost = host === '0.0.0.0' ? 'localhost' : host;
let drainMs: number;
let shutdownTimeoutMs: number;
try {
  drainMs = msFromEnv(process.env.SHUTDOWN_DRAIN_MS, DEFAULT_DRAIN_MS);
  shutdownTimeoutMs = msFromEnv(
    process.env.SHUTDOWN_TIMEOUT_MS,
    DEFAULT_SHUTDOWN_TIMEOUT_MS,
  );
} catch (error) {
  console.error(
    `SHUTDOWN_DRAIN_MS / SHUTDOWN_TIMEOUT_MS: ${(error as Error).message}`,
  );
  process.exit(1);
}

type ServerModule = {
  INTERNAL_runFetch: (
    env: NodeJS.ProcessEnv,
    req: Request,
  ) => Promise<Response>;
  unstable_serverEntry: {
    fetch: (req: Request) => Promise<Response>;
    serve: (
      options: {
        fetch: (req: Request) => Promise<Response>;
        port: number;
        hostname: string;
      },
      onListen: () => void,
    ) => Server;
  };
};

// METRICS_PORT: Prometheus metrics on their own listener (loopback unless METRICS_HOST says
// otherwise); unset, there is no metrics endpoint at all
const metricsPort =
  process.env.METRICS_PORT === undefined || process.env.METRICS_PORT === ''
    ? undefined
    : Number(process.env.METRICS_PORT);
if (
  metricsPort !== undefined &&
  !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort < 65536)
) {
  console.error(
    `METRICS_PORT: expected a port number, got ${process.env.METRICS_PORT}`,
  );
  process.exit(1);
}
const startMetrics = async (clustered: boolean) => {
  if (metricsPort === undefined) return;
  const metricsHost = process.env.METRICS_HOST ?? '127.0.0.1';
  const server = await serveMetrics({
    port: metricsPort,
    host: metricsHost,
    cluster: clustered,
  });
  server.unref();
  const address = server.address();
  const shown =
    typeof address === 'object' && address ? address.port : metricsPort;
  console.log(`metrics on http://${metricsHost}:${shown}/metrics`);
};

if (workers > 1 && cluster.isPrimary) {
  await startMetrics(true);
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    worker.on('message', (m) => {
      if (m === 'listening' && ++listening === workers) {
        console.log(
          `site listening on http://${shownHost}:${port} (${workers} workers)`,
        );
      }
    });
  }
  // each worker drains itself; the primary exits once they all have
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {}))
      worker?.process.kill(signal);
  };
  let alive = workers;
  cluster.on('exit', () => {
    alive -= 1;
    if (stopping && alive === 0) process.exit(0);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} else {
  // the metrics exist before the bundle loads, so its API client reports to them
  if (metricsPort !== undefined) processMetrics();
  const mod = (await import(pathToFileURL(entry).href)) as ServerModule;
  // OTEL_EXPORTER_OTLP_ENDPOINT: OpenTelemetry traces over OTLP; unset, the SDK is never loaded
  const tracing = tracingWanted(process.env)
    ? await import('./lib/tracing.ts')
    : undefined;
  const traced = tracing?.startTracing({
    buildId: publishedBuildId(),
    version: (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        version?: string;
      }
    ).version,
    thread: 'main',
  });
  const drain: { draining: () => boolean } = { draining: () => false };
  // Waku's runFetch copies the whole environment on every request; do it once, then call the
  // entry's fetch directly.
  const first = { done: false };
  const fetch = (req: Request) => {
    if (drain.draining() && isReadyz(req.url))
      return Promise.resolve(drainingReadyz());
    if (first.done) return mod.unstable_serverEntry.fetch(req);
    first.done = true;
    return mod.INTERNAL_runFetch(process.env, req);
  };
  const server = mod.unstable_serverEntry.serve(
    { fetch, port, hostname: host },
    () => {
      if (cluster.isWorker) process.send?.('listening');
      else console.log(`site listening on http://${shownHost}:${port}`);
    },
  );
  if (metricsPort !== undefined) instrument(server);
  if (tracing) tracing.traceRequests(server);
  if (!cluster.isWorker) await startMetrics(false);
  const who = cluster.isWorker
    ? `worker ${process.pid}`
    : `site ${process.pid}`;
  const shutdown = createDrain(server, {
    timeoutMs: shutdownTimeoutMs,
    log: (message) => console.log(`${who}: ${message}`),
  });
  drain.draining = shutdown.draining;
  // spans still waiting in the batch are sent before the process exits
  const exit = (ms: number) => () =>
    void shutdown
      .begin(ms)
      .then(() => traced?.shutdown())
      .catch(() => undefined)
      .then(() => process.exit(0));
  process.on('SIGTERM', exit(drainMs));
  process.on('SIGINT', exit(0));
}
