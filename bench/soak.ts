/**
 * Soak (issue 9 e): a steady mix of every page for 10 minutes against the production build on
 * loopback, sampling the server's resident memory every 10 s. After a 1-minute warm-up the RSS
 * may grow at most 10%; errors and 5xx fail the run. Figures go to bench/results/soak.json.
 * Needs `npm run build` first.
 *
 *   node bench/soak.ts [--minutes 10] [--rate 150]
 */
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { writeResults } from './lib/results.ts';
import { siteUrls, treeRssMb } from './lib/site-urls.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '150' },
  },
});
const minutes = Math.min(Math.max(Number(values.minutes) || 10, 2), 30);
const rate = Math.min(Math.max(Number(values.rate) || 150, 10), 2000);
const WARM_UP_S = 60;
const SAMPLE_S = 10;
const MAX_GROWTH = 0.1;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const stack = await startStack({ port, siteOrigin: base });
const pid = stack.server.child.pid ?? 0;
let failed = true;
try {
  const paths = await siteUrls(base);
  console.log(
    `${paths.length} pages; ${rate} req/s for ${minutes} min; RSS every ${SAMPLE_S} s`,
  );
  const samples: { s: number; rssMb: number }[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    void treeRssMb(pid).then((rssMb) => {
      const s = Math.round((Date.now() - started) / 1000);
      samples.push({ s, rssMb: Math.round(rssMb * 10) / 10 });
      console.log(`${String(s).padStart(4)} s  RSS ${rssMb.toFixed(1)} MB`);
    });
  }, SAMPLE_S * 1000);
  const result = await autocannon({
    url: base,
    connections: 16,
    overallRate: rate,
    duration: minutes * 60,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  clearInterval(timer);
  const warm = samples.find((x) => x.s >= WARM_UP_S) ?? samples[0];
  const last = samples.at(-1);
  const growth = warm && last ? (last.rssMb - warm.rssMb) / warm.rssMb : 0;
  const figures = {
    date: new Date().toISOString(),
    minutes,
    rate,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    status5xx: result['5xx'],
    latencyP99Ms: result.latency.p99,
    rssAfterWarmUpMb: warm?.rssMb,
    rssEndMb: last?.rssMb,
    rssMaxMb: Math.max(...samples.map((x) => x.rssMb)),
    growthAfterWarmUp: Math.round(growth * 1000) / 1000,
    samples,
  };
  writeResults('soak.json', figures);
  failed =
    growth > MAX_GROWTH ||
    figures.errors > 0 ||
    figures.timeouts > 0 ||
    figures.status5xx > 0;
  console.log(
    `${result.requests.total} requests, ${figures.errors} errors, ${figures.status5xx} 5xx, p99 ${figures.latencyP99Ms} ms; RSS ${warm?.rssMb} MB after warm-up → ${last?.rssMb} MB (${(growth * 100).toFixed(1)}%, budget ${MAX_GROWTH * 100}%)`,
  );
  console.log(failed ? 'SOAK FAILED' : 'soak ok');
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
