/**
 * Graceful drain of the production server (issue 25 item 3): on SIGTERM /readyz answers 503 at
 * once, pages are served through the drain period, a request in flight is answered, then the
 * process exits 0 — one process and a cluster of two workers alike.
 */
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { spawnUntil, type Running } from '../../scripts/lib/processes.ts';
import { freePort } from '../helpers/ports.ts';
import { perTestProcesses } from '../helpers/process-stack.ts';
import { hits } from '../helpers/sandbox.ts';

const DRAIN_MS = 1500;

const { stack: ownStack, tempDir, track } = perTestProcesses('drain');
const stack = (env: NodeJS.ProcessEnv) =>
  ownStack({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS), ...env });

const exitOf = (server: Running) =>
  new Promise<{ code: number | null; at: number }>((resolve) => {
    if (server.child.exitCode !== null)
      resolve({ code: server.child.exitCode, at: performance.now() });
    else
      server.child.once('exit', (code) =>
        resolve({ code, at: performance.now() }),
      );
  });

describe.each([
  ['one process', {}],
  ['two workers', { WEB_CONCURRENCY: '2' }],
])('SIGTERM drains (%s)', (_name, env: NodeJS.ProcessEnv) => {
  it('answers /readyz 503 at once, serves pages and requests in flight, then exits 0', async () => {
    const { origin, sandbox, server } = await stack(env);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    // a request in flight across the signal: the API answers it 2 s later, through the proxy
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pathPrefix: '/api/v1/launchpad/projects',
        kind: 'delay',
        ms: DRAIN_MS + 1000,
        times: 1,
      }),
    });
    const inFlight = fetch(`${origin}/api/v1/launchpad/projects`);
    // the request has reached the API, where the fault holds it
    await expect
      .poll(() => hits(sandbox.url, '/api/v1/launchpad/projects'), {
        timeout: 5000,
        interval: 20,
      })
      .toBe(1);

    const signalled = performance.now();
    const exited = exitOf(server);
    server.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`)).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(503);
    const readyz = await fetch(`${origin}/readyz`);
    expect(readyz.status).toBe(503);
    expect(readyz.headers.get('cache-control')).toBe('no-store');
    expect(await readyz.json()).toEqual({ status: 'draining' });

    // still serving pages and health while draining, each answer closing its connection
    const page = await fetch(`${origin}/en/launchpad`);
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');
    await page.text();
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    await answered.text();

    const { code, at } = await exited;
    expect(code).toBe(0);
    // not before the drain period was over
    expect(at - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});

describe('npm start', () => {
  it('on SIGTERM drains the site first, then stops the sandbox, and exits 0', async () => {
    const dir = tempDir();
    const [port, sandboxPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const start = track(
      await spawnUntil(
        ['scripts/start.ts'],
        {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          SITE_ORIGIN: origin,
          SANDBOX_PORT: String(sandboxPort),
          SANDBOX_DATA: path.join(dir, 'state.json'),
          ICON_API_ORIGINS: 'http://127.0.0.1:9',
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        },
        /site listening on (http:\/\/\S+)/,
        { quiet: true, timeoutMs: 60_000 },
      ),
    );
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    const exited = exitOf(start);
    start.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${origin}/readyz`)).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(503);
    // the site drains while the API it calls still answers
    expect((await fetch(`${sandboxUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/en/launchpad`)).status).toBe(200);
    expect((await exited).code).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    await expect(fetch(`${sandboxUrl}/healthz`)).rejects.toThrow();
  });
});
