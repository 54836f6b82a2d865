/**
 * Load (issue 9 d): 64 connections for 60 s over every route × every locale of the production
 * build on loopback (sandbox API behind it). Passes with zero errors, zero timeouts and zero
 * 5xx; prints requests/s and latency percentiles and writes bench/results/load.json.
 * Needs `npm run build` first.
 *
 *   node bench/load.ts [--seconds 60] [--connections 64]
 */
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { writeResults } from './lib/results.ts';
import { siteUrls, treeRssMb } from './lib/site-urls.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '64' },
  },
});
const seconds = Math.min(Math.max(Number(values.seconds) || 60, 5), 600);
const connections = Math.min(
  Math.max(Number(values.connections) || 64, 1),
  256,
);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const stack = await startStack({ port, siteOrigin: base });
let failed = true;
try {
  const paths = await siteUrls(base);
  console.log(
    `${paths.length} pages in the mix; ${connections} connections for ${seconds} s`,
  );
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers: {
      'user-agent': PERSON_UA,
      'accept-encoding': 'br, gzip',
    },
    // each connection walks the whole mix, starting at a different page
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  const rss = await treeRssMb(stack.server.child.pid ?? 0);
  const figures = {
    date: new Date().toISOString(),
    seconds,
    connections,
    pages: paths.length,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    status: {
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    serverRssMb: Math.round(rss),
  };
  writeResults('load.json', figures);
  console.log(JSON.stringify(figures, null, 2));
  const health = await fetch(`${base}/healthz`);
  failed =
    figures.errors > 0 ||
    figures.timeouts > 0 ||
    figures.status['5xx'] > 0 ||
    figures.status['4xx'] > 0 ||
    health.status !== 200;
  console.log(
    failed
      ? 'LOAD FAILED: errors, timeouts, 4xx/5xx or an unhealthy server after the run'
      : `load ok: 0 errors, 0 5xx, p99 ${figures.latencyMs.p99} ms`,
  );
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
