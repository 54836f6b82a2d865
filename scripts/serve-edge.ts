/**
 * npm run serve:edge — nginx (deploy/nginx's configuration, scripts/lib/edge.ts) in front of
 * WEB_CONCURRENCY site processes on loopback, and the embedded sandbox API when no API_ORIGIN is
 * set. nginx is installed with apt when missing (as test:setup does); it runs as the current
 * user with its own directory (PID file, logs, temp files, cache), never as a system service.
 * EDGE_PORT (default 8080) is where it listens; the processes take free loopback ports.
 * Ctrl+C or SIGTERM stops nginx, then the processes (each drains), then the sandbox, by PID.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort } from '../tests/helpers/ports.ts';
import { ensureNginx, startEdge } from './lib/edge-run.ts';
import {
  ROOT,
  startSandbox,
  startServer,
  type Running,
} from './lib/processes.ts';

const edgePort = Number(process.env.EDGE_PORT ?? 8080);
const count = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 2));
const siteOrigin = process.env.SITE_ORIGIN ?? `http://localhost:${edgePort}`;
const running: Running[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'exchange-edge-'));

let stopping: Promise<void> | undefined;
const shutdown = (code: number) => {
  stopping ??= (async () => {
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  ensureNginx();
  let apiOrigin = process.env.API_ORIGIN ?? '';
  if (!apiOrigin) {
    const sandbox = await startSandbox({
      siteOrigin,
      dataFile:
        process.env.SANDBOX_DATA ?? path.join(ROOT, '.sandbox-data/state.json'),
    });
    running.push(sandbox);
    apiOrigin = sandbox.url;
  }
  const upstreams: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const server = await startServer({
      port,
      apiOrigin,
      siteOrigin,
      env: { WEB_CONCURRENCY: '1', TRUST_PROXY: '1' },
    });
    running.push(server);
    upstreams.push(`127.0.0.1:${port}`);
  }
  const edge = await startEdge({
    listen: `127.0.0.1:${edgePort}`,
    upstreams,
    dir: path.join(dir, 'nginx'),
  });
  running.push(edge);
  console.log(
    `edge listening on http://127.0.0.1:${edgePort} (nginx in front of ${upstreams.join(', ')})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await shutdown(1);
}
