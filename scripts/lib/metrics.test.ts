import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { observeApiCall } from '../../src/lib/http/observe.ts';
import {
  parsePrometheusText,
  sampleSum,
} from '../../tests/helpers/prometheus.ts';
import {
  cacheResult,
  classify,
  endpointTemplate,
  instrument,
  processMetrics,
  serveMetrics,
  statusClass,
} from './metrics.ts';

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const scrape = async () =>
  parsePrometheusText(await processMetrics().register.metrics());

describe('labels', () => {
  it.each([
    ['/en/launchpad', 'launchpad', 'document'],
    ['/ja-JP/launchpad/some-project', 'launchpad-project', 'document'],
    ['/launchpad', 'launchpad', 'document'],
    ['/RSC/R/en/launchpad.txt', 'launchpad', 'rsc'],
    ['/api/v1/launchpad/projects', 'api', 'api'],
    ['/readyz', 'health', 'health'],
    ['/assets/index-abc123.js', 'static', 'static'],
    ['/en/no-such-page', 'unmatched', 'other'],
    ['/xx-YY/launchpad/a/b', 'unmatched', 'other'],
  ])('classify(%s) is %s %s', (path, route, kind) => {
    expect(classify(path)).toEqual({ route, kind });
  });

  it('cache results are a bounded set', () => {
    expect(cacheResult('HIT')).toBe('hit');
    expect(cacheResult(['STALE'])).toBe('stale');
    expect(cacheResult(undefined)).toBe('none');
    expect(cacheResult('whatever')).toBe('other');
    expect(cacheResult({})).toBe('other');
  });

  it('status classes', () => {
    expect(statusClass(200)).toBe('2xx');
    expect(statusClass(503)).toBe('5xx');
    expect(statusClass(99)).toBe('other');
  });

  it('endpoints are templates, not ids', () => {
    expect(endpointTemplate('/api/v1/launchpad/projects')).toBe(
      '/api/v1/launchpad/projects',
    );
    expect(endpointTemplate('/api/v1/launchpad/projects/x1?y=2')).toBe(
      '/api/v1/launchpad/projects/:param',
    );
    expect(endpointTemplate('/api/v1/lucky-draws/Spring2025/draw')).toBe(
      '/api/v1/lucky-draws/:param/:param',
    );
    expect(endpointTemplate('/api/v1/red-envelopes/AB12')).toBe(
      '/api/v1/red-envelopes/:param',
    );
  });
});

describe('instrument', () => {
  it('counts every answer by route, kind, status class and the x-cache given to writeHead in any form', async () => {
    const before = await scrape();
    const server = createServer();
    instrument(server);
    // like the guest cache's fast path: a flat header array to writeHead, before Hono
    server.on('request', (req, res) => {
      if (req.url === '/en/launchpad?hit') {
        res.writeHead(200, ['content-type', 'text/html', 'X-Cache', 'HIT']);
        res.end('hit');
      } else if (req.url === '/en/launchpad') {
        res.writeHead(200, { 'x-cache': 'MISS' });
        res.end('miss');
      } else if (req.url === '/RSC/R/en/launchpad.txt') {
        res.setHeader('x-cache', 'STALE');
        res.end('stale');
      } else {
        res.statusCode = req.url === '/en/launchpad?token' ? 200 : 404;
        res.end('rendered');
      }
    });
    const origin = await listen(server);
    for (const path of [
      '/en/launchpad?hit',
      '/en/launchpad?hit',
      '/en/launchpad',
      '/RSC/R/en/launchpad.txt',
      '/nope',
    ])
      await (await fetch(`${origin}${path}`)).text();
    await (
      await fetch(`${origin}/en/launchpad?token`, {
        headers: { cookie: 'a=1; b_t_c_k_x=t' },
      })
    ).text();
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sampleSum(after, 'http_requests_total', labels) -
      sampleSum(before, 'http_requests_total', labels);
    expect(
      delta({
        route: 'launchpad',
        kind: 'document',
        status: '2xx',
        cache: 'hit',
      }),
    ).toBe(2);
    expect(
      delta({
        route: 'launchpad',
        kind: 'document',
        status: '2xx',
        cache: 'miss',
      }),
    ).toBe(1);
    expect(
      delta({ route: 'launchpad', kind: 'rsc', status: '2xx', cache: 'stale' }),
    ).toBe(1);
    expect(
      delta({
        route: 'unmatched',
        kind: 'other',
        status: '4xx',
        cache: 'none',
      }),
    ).toBe(1);
    // only the miss was a render
    const renders = (samples: typeof after) =>
      sampleSum(samples, 'page_render_duration_seconds_count', {
        route: 'launchpad',
      });
    expect(renders(after) - renders(before)).toBe(2);
  });

  it('records API attempts and failures by endpoint template', async () => {
    observeApiCall({
      method: 'GET',
      path: '/api/v1/launchpad/projects/abc',
      seconds: 0.02,
      outcome: 'ok',
    });
    observeApiCall({
      method: 'GET',
      path: '/api/v1/launchpad/projects/def',
      seconds: 2,
      outcome: 'timeout',
    });
    const samples = await scrape();
    const endpoint = '/api/v1/launchpad/projects/:param';
    expect(
      sampleSum(samples, 'api_call_duration_seconds_count', { endpoint }),
    ).toBe(2);
    expect(
      sampleSum(samples, 'api_call_failures_total', {
        endpoint,
        outcome: 'timeout',
      }),
    ).toBe(1);
    expect(
      sampleSum(samples, 'api_call_failures_total', {
        endpoint,
        outcome: 'ok',
      }),
    ).toBe(0);
  });

  it('includes RSS and event-loop lag', async () => {
    const names = new Set((await scrape()).map((s) => s.name));
    expect(names).toContain('process_resident_memory_bytes');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('serveMetrics', () => {
  it('answers /metrics in Prometheus text and nothing else', async () => {
    const server = await serveMetrics({
      port: 0,
      host: '127.0.0.1',
      cluster: false,
    });
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${origin}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(
      /^text\/plain; version=0\.0\.4/,
    );
    expect(parsePrometheusText(await res.text()).length).toBeGreaterThan(10);
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('parsePrometheusText', () => {
  it.each([
    'no_type 1\n',
    '# TYPE a counter\na_total{x="1} 1\n',
    '# TYPE a counter\na_total 1 2 3\n',
    '# TYPE a gauge\na one\n',
    '# TYPE a counter\na_total 1',
    '# comment\n',
    '# TYPE h histogram\nh_bucket{x="1"} 1\n',
  ])('refuses %j', (text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
