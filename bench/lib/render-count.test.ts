import { createServer, type Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { drivePages, duplicateRenders, rendersIn } from './render-count.ts';

const exposition = `# HELP page_render_duration_seconds Pages answered by a render
# TYPE page_render_duration_seconds histogram
page_render_duration_seconds_bucket{le="0.1",route="launchpad",kind="document"} 3
page_render_duration_seconds_bucket{le="+Inf",route="launchpad",kind="document"} 4
page_render_duration_seconds_sum{route="launchpad",kind="document"} 0.5
page_render_duration_seconds_count{route="launchpad",kind="document"} 4
page_render_duration_seconds_bucket{le="0.1",route="savings",kind="rsc"} 2
page_render_duration_seconds_bucket{le="+Inf",route="savings",kind="rsc"} 2
page_render_duration_seconds_sum{route="savings",kind="rsc"} 0.1
page_render_duration_seconds_count{route="savings",kind="rsc"} 2
# HELP http_requests_total Answers
# TYPE http_requests_total counter
http_requests_total{route="launchpad",kind="document",status="2xx",cache="hit"} 100
`;

describe('counting renders', () => {
  it('sums the render histogram counts of every route and kind, nothing else', () => {
    expect(rendersIn(exposition)).toBe(6);
    expect(rendersIn('# TYPE x counter\nx 5\n')).toBe(0);
  });

  it('counts renders beyond one per page as duplicates', () => {
    expect(duplicateRenders(560, 312)).toBe(248);
    expect(duplicateRenders(312, 312)).toBe(0);
    expect(duplicateRenders(10, 312)).toBe(0);
  });
});

describe('driving pages', () => {
  let server: Server;
  let origin = '';
  const seen = new Map<string, number>();
  let atOnce = 0;
  let maxAtOnce = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.set(req.url ?? '', (seen.get(req.url ?? '') ?? 0) + 1);
      atOnce++;
      maxAtOnce = Math.max(maxAtOnce, atOnce);
      setImmediate(() => {
        atOnce--;
        res.writeHead(req.url === '/missing' ? 404 : 200);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  it('asks every path the given number of times, a bounded number at once, and counts what was not 200', async () => {
    const paths = ['/a', '/b', '/c', '/missing', '/d'];
    const drive = await drivePages({
      origin,
      paths,
      asks: 3,
      parallelPages: 2,
      headers: {},
      timeoutMs: 10_000,
    });
    expect(drive).toMatchObject({
      pages: 5,
      asksPerPage: 3,
      requests: 15,
      notOk: { '404': 3 },
    });
    for (const p of paths) expect(seen.get(p)).toBe(3);
    expect(maxAtOnce).toBeLessThanOrEqual(6);
  });
});
