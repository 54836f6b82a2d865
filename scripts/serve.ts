/**
 * The production server: dist/server (built by `npm run build`) on @hono/node-server.
 * WEB_CONCURRENCY > 1 forks one worker per process (one per core behind a CDN, DESIGN.md);
 * SIGTERM closes the listener and lets open requests finish.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/index.js');
if (!existsSync(entry)) {
  console.error('dist/server/index.js is missing: run `npm run build` first.');
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
const shownHost = host === '0.0.0.0' ? 'localhost' : host;

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
    ) => { close: (cb?: () => void) => void };
  };
};

if (workers > 1 && cluster.isPrimary) {
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
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {}))
      worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const mod = (await import(pathToFileURL(entry).href)) as ServerModule;
  // Waku's runFetch copies the whole environment on every request; do it once, then call the
  // entry's fetch directly.
  const first = { done: false };
  const fetch = (req: Request) => {
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
  const close = () => server.close(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}
