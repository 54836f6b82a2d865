/**
 * The site behind the shipped nginx edge for the benches, started as `npm run serve:edge` and
 * tests/e2e/edge.test.ts start it: a sandbox API, `processes` site processes of one worker each
 * (WEB_CONCURRENCY=2 at serve:edge is two processes) and nginx in front, all on free loopback
 * ports, each process with its own loopback metrics port so renders can be counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureNginx, startEdge } from '../../scripts/lib/edge-run.ts';
import {
  startSandbox,
  startServer,
  type Running,
} from '../../scripts/lib/processes.ts';
import { freePort } from '../../tests/helpers/ports.ts';

export type EdgeStack = {
  /** The edge's origin (nginx). */
  origin: string;
  /** The processes' own origins, for asking them without the edge. */
  upstreams: string[];
  /** Each process's /metrics. */
  metricsUrls: string[];
  /** PIDs of the site processes and nginx's master, for their memory. */
  pids: number[];
  stop: () => Promise<void>;
};

export const startEdgeStack = async (
  processes: number,
  options: {
    nginxWorkers?: string;
    /** More environment for every site process (PAGE_CACHE=off: every answer uncacheable). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<EdgeStack> => {
  ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-edge-bench-'));
  const running: Running[] = [];
  const stop = async () => {
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const edgePort = await freePort();
    const origin = `http://127.0.0.1:${edgePort}`;
    const sandbox = await startSandbox({
      siteOrigin: origin,
      dataFile: path.join(dir, 'state.json'),
      quiet: true,
    });
    running.push(sandbox);
    const upstreams: string[] = [];
    const metricsUrls: string[] = [];
    const pids: number[] = [];
    for (let i = 0; i < processes; i++) {
      const port = await freePort();
      const metricsPort = await freePort();
      const server = await startServer({
        port,
        apiOrigin: sandbox.url,
        siteOrigin: origin,
        quiet: true,
        env: {
          WEB_CONCURRENCY: '1',
          TRUST_PROXY: '1',
          METRICS_PORT: String(metricsPort),
          ...options.env,
        },
      });
      running.push(server);
      upstreams.push(`127.0.0.1:${port}`);
      metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
      pids.push(server.child.pid ?? 0);
    }
    const edge = await startEdge({
      listen: `127.0.0.1:${edgePort}`,
      upstreams,
      dir: path.join(dir, 'nginx'),
      ...(options.nginxWorkers ? { workers: options.nginxWorkers } : {}),
    });
    running.push(edge);
    pids.push(edge.child.pid ?? 0);
    return {
      origin,
      upstreams: upstreams.map((u) => `http://${u}`),
      metricsUrls,
      pids,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
