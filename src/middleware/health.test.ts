import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSiteConfig } from '../lib/server/site-config.ts';
import { health } from './health.ts';
import { requestContext } from './request-context.ts';

let upstream: Server;
let upstreamCalls = 0;
let clock = 0;
let app: Hono;

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    upstreamCalls++;
    res.end('ok');
  });
  await new Promise<void>((resolve) =>
    upstream.listen(0, '127.0.0.1', resolve),
  );
  const site = loadSiteConfig({
    API_ORIGIN: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  });
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
    clock += 10_000;
    const before = upstreamCalls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => probe('/readyz')),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    clock += 999;
    expect((await probe('/readyz')).status).toBe(200);
    expect(upstreamCalls - before).toBe(1);
    clock += 1;
    expect((await probe('/readyz')).status).toBe(200);
    expect(upstreamCalls - before).toBe(2);
  });
});
