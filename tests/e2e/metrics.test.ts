/**
 * GET /metrics (issue 25 item 4): Prometheus text on its own loopback port (METRICS_PORT), never
 * on the site's; requests by route × status class × cache result, renders, API calls, RSS and
 * event-loop lag — from one process and summed over two workers.
 */
import { describe, expect, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';
import { perTestProcesses } from '../helpers/process-stack.ts';
import { parsePrometheusText, sampleSum } from '../helpers/prometheus.ts';

const { stack } = perTestProcesses('metrics');

describe.each([
  ['one process', {}],
  ['two workers', { WEB_CONCURRENCY: '2' }],
])('metrics (%s)', (_name, env: NodeJS.ProcessEnv) => {
  it('count pages by route, status class and cache result on the metrics port only', async () => {
    const metricsPort = await freePort();
    const { origin } = await stack({
      METRICS_PORT: String(metricsPort),
      ...env,
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const page = (p: string) =>
      fetch(`${origin}${p}`, { headers: { 'user-agent': PERSON_UA } }).then(
        (r) => r.text().then(() => r),
      );
    // until a guest request is answered from the cache (each worker keeps its own)
    let hits = 0;
    for (let i = 0; i < 12 && hits < 1; i++)
      if ((await page('/en/launchpad')).headers.get('x-cache') === 'HIT')
        hits += 1;
    expect(hits).toBe(1);
    expect((await page('/en/no-such-page')).status).toBe(404);

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(
      /^text\/plain; version=0\.0\.4/,
    );
    const samples = parsePrometheusText(await res.text());
    const requests = (labels: Record<string, string>) =>
      sampleSum(samples, 'http_requests_total', labels);
    expect(
      requests({
        route: 'launchpad',
        kind: 'document',
        status: '2xx',
        cache: 'hit',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      requests({
        route: 'launchpad',
        kind: 'document',
        status: '2xx',
        cache: 'miss',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      requests({ route: 'unmatched', kind: 'other', status: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleSum(samples, 'page_render_duration_seconds_count', {
        route: 'launchpad',
      }),
    ).toBeGreaterThanOrEqual(1);
    // the render called the API through the server-side client
    expect(
      sampleSum(samples, 'api_call_duration_seconds_count', {
        endpoint: '/api/v1/launchpad/projects',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleSum(samples, 'process_resident_memory_bytes')).toBeGreaterThan(
      10_000_000,
    );
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(
      true,
    );

    // not on the site's port
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('there is no metrics endpoint', async () => {
    const { origin } = await stack({ METRICS_PORT: '' });
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });
});
