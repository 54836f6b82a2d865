/**
 * npm run capacity — the capacity model of docs/operating.md, recomputed from the latest
 * `npm run bench:flood` figures (bench/results/flood.json): Node processes and nginx edge nodes
 * for a traffic. Fails, saying what to run, when the results file is missing or incomplete.
 *
 *   npm run capacity -- [--views 10000000] [--peak 5] [--session-share 0.3] [--flood 1000]
 *                       [--utilization 0.5] [--edge-cores 4] [--app-cores 4]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT } from '../scripts/lib/processes.ts';
import {
  capacity,
  DEFAULT_PLAN,
  DEFAULT_TRAFFIC,
  measuredFrom,
} from './lib/capacity.ts';

const file = path.join(ROOT, 'bench/results/flood.json');
const { values } = parseArgs({
  options: {
    views: { type: 'string' },
    peak: { type: 'string' },
    'session-share': { type: 'string' },
    flood: { type: 'string' },
    utilization: { type: 'string' },
    'edge-cores': { type: 'string' },
    'app-cores': { type: 'string' },
  },
});
const num = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name}: expected a number ≥ 0, got ${value}`);
    process.exit(2);
  }
  return n;
};

if (!existsSync(file)) {
  console.error(
    `${path.relative(process.cwd(), file)} is missing: run \`npm run bench:flood\` first (the model reads its figures).`,
  );
  process.exit(1);
}
let m;
try {
  m = measuredFrom(JSON.parse(readFileSync(file, 'utf8')));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const traffic = {
  viewsPerDay: num(values.views, DEFAULT_TRAFFIC.viewsPerDay, 'views'),
  peakFactor: num(values.peak, DEFAULT_TRAFFIC.peakFactor, 'peak'),
  sessionShare: num(
    values['session-share'],
    DEFAULT_TRAFFIC.sessionShare,
    'session-share',
  ),
  floodRps: num(values.flood, DEFAULT_TRAFFIC.floodRps, 'flood'),
};
const plan = {
  ...DEFAULT_PLAN,
  utilization: num(values.utilization, DEFAULT_PLAN.utilization, 'utilization'),
  coresPerEdgeNode: num(
    values['edge-cores'],
    DEFAULT_PLAN.coresPerEdgeNode,
    'edge-cores',
  ),
  coresPerAppNode: num(
    values['app-cores'],
    DEFAULT_PLAN.coresPerAppNode,
    'app-cores',
  ),
};
const c = capacity(m, traffic, plan);
const f = (n: number, digits = 0) =>
  n.toLocaleString('en', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });

console.log(`capacity model from ${path.relative(process.cwd(), file)} (measured ${m.at})

measured (one process = one core; the edge per core of the bench machine):
  uncached renders          ${f(m.rendersPerCore)} /s per core
  404 renders (random keys) ${f(m.notFoundPerCore)} /s per core
  in-process cache hits     ${f(m.processHitsPerCore)} /s per core
  edge (nginx) cache hits   ${f(m.edgeHitsPerCore)} /s per core
  distinct pages            ${m.pages} (every page × locale of the sitemap), × 2 variants (guest, session)
  lifetimes                 edge s-maxage ${m.sharedMaxAgeS} s (+ stale-while-revalidate ${m.staleWhileRevalidateS} s), in-process ${m.processTtlS} s

traffic: ${f(traffic.viewsPerDay)} views/day, peak ${traffic.peakFactor}× average, ${f(traffic.sessionShare * 100)}% with a session, flood of ${f(traffic.floodRps)} unique URLs/s on top
  average ${f(c.averageRps, 1)} views/s, peak ${f(c.peakRps, 1)} views/s, at the edge ${f(c.edgeRps, 1)} req/s

at the processes (peak, planned at ${f(plan.utilization * 100)}% CPU):
  guest renders (1 per page per edge node per ${m.sharedMaxAgeS} s): ${f(c.guestRendersPerS, 1)} /s
  session renders (1 per page per edge node per ${m.sharedMaxAgeS} s): ${f(c.sessionRendersPerS, 1)} /s
  flood renders (worst case: every unique URL renders): ${f(c.floodRendersPerS, 1)} /s
  core load: ${f(c.processCoreLoad, 2)} cores
  miss rate ${f(c.missRate * 100, 1)}% of peak views (${f(c.missRateWithFlood * 100, 1)}% with the flood)

answer: ${c.processes} Node processes (one per core, on ${c.appNodes} machines of ${plan.coresPerAppNode} cores) behind ${c.edgeNodes} nginx edge nodes of ${plan.coresPerEdgeNode} cores (${c.edgeCores} edge cores needed)`);
