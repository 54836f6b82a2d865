import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSiteConfig } from '../lib/server/site-config.ts';
import { closedPort } from '../sandbox/testing.ts';
import {
  health,
  MAX_LOOP_DELAY_MS,
  RENDERS_STALLED_MS,
  type HealthOptions,
} from './health.ts';
import { createRenderGate } from './render-limit.ts';
import { requestContext } from './request-context.ts';

let upstream: Server;
let upstreamCalls = 0;
let clock = 0;
let app: Hono;
let apiOrigin = '';

type Readiness = { status: string; api: unknown; reason?: string };

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    upstreamCalls++;
    res.end('ok');
  });
  await new Promise<void>((resolve) =>
    upstream.listen(0, '127.0.0.1', resolve),
  );
  apiOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const site = loadSiteConfig({ API_ORIGIN: apiOrigin });
  app = new Hono();
  app.use(requestContext(site));
  app.use(health(site, { readyTtlMs: 1000, now: () => clock }));
  app.all('*', (c) => c.text('page'));
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const probe = (path: string, method = 'GET') =>
  app.request(`http://localhost:3000${path}`, { method });
const readyz = async () => (await (await probe('/readyz')).json()) as Readiness;

describe('probes', () => {
  it.each(['/healthz', '/readyz'])(
    '%s takes GET and HEAD only: 405 with Allow, OPTIONS 204',
    async (path) => {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'POST', 'PROPFIND']) {
        const res = await probe(path, method);
        expect(res.status, method).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      }
      const options = await probe(path, 'OPTIONS');
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe('GET, HEAD');
      expect((await probe(path, 'GET')).status).toBe(200);
    },
  );

  it('/readyz checks the API at most once a second, concurrent probes sharing one check', async () => {
    // the check an earlier probe started has been answered
    await expect.poll(async () => (await readyz()).api).toBe('up');
    clock += 10_000;
    const before = upstreamCalls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => probe('/readyz')),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    // the check runs beside the probes, never in front of their answers
    await expect.poll(() => upstreamCalls - before).toBe(1);
    clock += 999;
    expect((await probe('/readyz')).status).toBe(200);
    clock += 1;
    expect((await probe('/readyz')).status).toBe(200);
    await expect.poll(() => upstreamCalls - before).toBe(2);
    // and no third: the probe 999 ms after a check started none
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstreamCalls - before).toBe(2);
  });
});

/** One app around `health` with these options, its API wherever `apiOrigin` says. */
const appWith = (apiOrigin: string, options: HealthOptions) => {
  const own = new Hono();
  const site = loadSiteConfig({ API_ORIGIN: apiOrigin });
  own.use(requestContext(site));
  own.use(health(site, options));
  return async () => {
    const res = await own.request('http://localhost:3000/readyz');
    return { status: res.status, body: (await res.json()) as Readiness };
  };
};

describe('/readyz is this process, not the API (issue 41)', () => {
  it('stays ready while the API is down, and says the API is down in its body', async () => {
    const probeDown = appWith(`http://127.0.0.1:${await closedPort()}`, {
      loopDelayMs: () => 0,
    });
    expect((await probeDown()).status).toBe(200);
    await expect.poll(async () => (await probeDown()).body.api).toBe('down');
    expect(await probeDown()).toEqual({
      status: 200,
      body: { status: 'ready', api: 'down' },
    });
  });

  it('is unavailable while the event loop lags past its limit, ready again once it keeps up', async () => {
    let delay = MAX_LOOP_DELAY_MS + 500;
    const probeLoop = appWith(apiOrigin, { loopDelayMs: () => delay });
    const lagging = await probeLoop();
    expect(lagging.status).toBe(503);
    expect(lagging.body).toMatchObject({
      status: 'unavailable',
      reason: `event loop delayed ${MAX_LOOP_DELAY_MS + 500} ms`,
    });
    delay = MAX_LOOP_DELAY_MS;
    expect((await probeLoop()).status).toBe(200);
  });

  it('is unavailable when renders are stuck, not when they are busy', async () => {
    let gateClock = 0;
    const gate = createRenderGate(
      { concurrency: 1, maxWaitMs: 60_000, maxWaiting: 10 },
      () => gateClock,
    );
    const probeGate = appWith(apiOrigin, { gate, loopDelayMs: () => 0 });
    const first = await gate.acquire();
    // busy: the one turn taken, handed back and taken again just before the limit, twice over
    gateClock += RENDERS_STALLED_MS - 1;
    expect((await probeGate()).status).toBe(200);
    const second = gate.acquire();
    first?.();
    const release = await second;
    gateClock += RENDERS_STALLED_MS - 1;
    expect((await probeGate()).status).toBe(200);
    // stuck: no turn handed back for the whole limit
    gateClock += 1;
    const stuck = await probeGate();
    expect(stuck.status).toBe(503);
    expect(stuck.body).toMatchObject({
      status: 'unavailable',
      reason: `renders stalled for ${RENDERS_STALLED_MS / 1000} s`,
    });
    release?.();
    expect((await probeGate()).status).toBe(200);
  });
});
