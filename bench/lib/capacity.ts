/**
 * The capacity model of docs/operating.md (issue 25 item 8), from the flood bench's own figures
 * (bench/results/flood.json): how many Node processes (one per core) and nginx edge nodes a
 * traffic needs. Pure arithmetic; bench/capacity.ts reads the results and prints it.
 *
 * Topology: clients → E edge nodes (nginx, deploy/nginx) → P site processes.
 * - Guest views are edge hits, except one render per page key per edge node per shared-cache
 *   lifetime (s-maxage; nginx's background update renews within stale-while-revalidate).
 * - Session views (a token cookie) are edge hits too: each edge node keeps the session variant
 *   (the same bytes for every session) beside the guest one for as long (the site's
 *   X-Accel-Expires is the guest s-maxage, src/middleware/guest-cache.ts): one render per page
 *   per edge node per lifetime.
 * - A flood of unique URLs costs, at worst, one render each (random paths are 404 renders, unique
 *   values of a declared parameter are page renders); undeclared parameters (utm_*, gclid, x) are
 *   edge hits, so the worst case is what is budgeted.
 * Every rate is planned at `utilization` of a core (headroom for spikes and for losing a node),
 * with at least `minNodes` edge nodes and `minProcesses` processes (one may fail or restart).
 */
import * as v from 'valibot';

const Load = v.object({ rps: v.number() });

/** The part of bench/results/flood.json the model reads. */
export const FloodResults = v.object({
  at: v.string(),
  cores: v.pipe(v.number(), v.integer(), v.minValue(1)),
  guestCacheControl: v.string(),
  guestCacheTtlMs: v.pipe(v.number(), v.minValue(1)),
  workers: v.literal(1),
  uncached: Load,
  plainBefore: Load,
  floods: v.array(v.object({ name: v.string(), flood: Load })),
  edge: v.object({ processes: v.number(), plain: Load }),
  duplicateRenders: v.object({
    direct: v.object({ pages: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  }),
});
export type FloodResults = v.InferOutput<typeof FloodResults>;

export type Measured = {
  /** Uncached renders per second of one process (one core). */
  rendersPerCore: number;
  /** 404 renders per second of one process (random keys). */
  notFoundPerCore: number;
  /** Page-cache hits per second of one process (one core). */
  processHitsPerCore: number;
  /** Edge hits per second per core of the edge machine. */
  edgeHitsPerCore: number;
  /** Distinct page addresses (every page × locale of the sitemap). */
  pages: number;
  /** The shared cache's lifetime (s-maxage) and stale window (stale-while-revalidate), seconds. */
  sharedMaxAgeS: number;
  staleWhileRevalidateS: number;
  /** The in-process page cache's lifetime, seconds. */
  processTtlS: number;
  /** When the figures were measured. */
  at: string;
};

const directive = (cacheControl: string, name: string): number => {
  const found = new RegExp(`(?:^|[,\\s])${name}=(\\d+)`).exec(cacheControl);
  if (!found?.[1])
    throw new Error(`the guest Cache-Control "${cacheControl}" has no ${name}`);
  return Number(found[1]);
};

/** The model's inputs from a flood run; throws naming what is missing. */
export const measuredFrom = (results: unknown): Measured => {
  const parsed = v.safeParse(FloodResults, results);
  if (!parsed.success)
    throw new Error(
      `bench/results/flood.json lacks the capacity figures (run npm run bench:flood): ${parsed.issues
        .slice(0, 3)
        .map((i) => `${v.getDotPath(i) ?? ''} ${i.message}`)
        .join('; ')}`,
    );
  const r = parsed.output;
  const notFound = r.floods.find((f) => f.name === 'c');
  if (!notFound) throw new Error('flood.json has no (c) random-key flood');
  return {
    rendersPerCore: r.uncached.rps,
    notFoundPerCore: notFound.flood.rps,
    processHitsPerCore: r.plainBefore.rps,
    // nginx runs a worker per core of the machine; the load generator shares those cores, so
    // this is a floor
    edgeHitsPerCore: r.edge.plain.rps / r.cores,
    pages: r.duplicateRenders.direct.pages,
    sharedMaxAgeS: directive(r.guestCacheControl, 's-maxage'),
    staleWhileRevalidateS: directive(
      r.guestCacheControl,
      'stale-while-revalidate',
    ),
    processTtlS: r.guestCacheTtlMs / 1000,
    at: r.at,
  };
};

export type Traffic = {
  viewsPerDay: number;
  /** Peak over the day's average. */
  peakFactor: number;
  /** Share of views with a session (a token cookie). */
  sessionShare: number;
  /** Unique URLs per second on top of the peak. */
  floodRps: number;
};

export type Plan = {
  utilization: number;
  coresPerEdgeNode: number;
  coresPerAppNode: number;
  minNodes: number;
  minProcesses: number;
};

export const DEFAULT_TRAFFIC: Traffic = {
  viewsPerDay: 10_000_000,
  peakFactor: 5,
  sessionShare: 0.3,
  floodRps: 1000,
};

export const DEFAULT_PLAN: Plan = {
  utilization: 0.5,
  coresPerEdgeNode: 4,
  coresPerAppNode: 4,
  minNodes: 2,
  minProcesses: 4,
};

export type Capacity = {
  averageRps: number;
  peakRps: number;
  /** Requests per second at the edge: the peak plus the flood. */
  edgeRps: number;
  edgeCores: number;
  edgeNodes: number;
  /** Renders per second at the processes: guest refreshes, session refreshes, the flood. */
  guestRendersPerS: number;
  sessionRendersPerS: number;
  floodRendersPerS: number;
  /** Core-seconds per second the processes spend. */
  processCoreLoad: number;
  processes: number;
  appNodes: number;
  /** Share of peak views (without the flood) that cost a render. */
  missRate: number;
  /** The same with the flood counted in. */
  missRateWithFlood: number;
};

const SECONDS_PER_DAY = 86_400;

export const capacity = (
  m: Measured,
  t: Traffic = DEFAULT_TRAFFIC,
  p: Plan = DEFAULT_PLAN,
): Capacity => {
  for (const [name, value] of Object.entries({
    rendersPerCore: m.rendersPerCore,
    notFoundPerCore: m.notFoundPerCore,
    edgeHitsPerCore: m.edgeHitsPerCore,
    utilization: p.utilization,
  }))
    if (!(value > 0)) throw new Error(`${name} must be above 0, got ${value}`);
  const averageRps = t.viewsPerDay / SECONDS_PER_DAY;
  const peakRps = averageRps * t.peakFactor;
  const edgeRps = peakRps + t.floodRps;
  const edgeCores = Math.ceil(edgeRps / (m.edgeHitsPerCore * p.utilization));
  const edgeNodes = Math.max(
    p.minNodes,
    Math.ceil(edgeCores / p.coresPerEdgeNode),
  );
  const guestRps = peakRps * (1 - t.sessionShare);
  const sessionRps = peakRps * t.sessionShare;
  // each variant: at most one render per page per edge node per lifetime, never more than its
  // views ask
  const perLifetime = (edgeNodes * m.pages) / m.sharedMaxAgeS;
  const guestRendersPerS = Math.min(guestRps, perLifetime);
  const sessionRendersPerS = Math.min(sessionRps, perLifetime);
  const floodRendersPerS = t.floodRps;
  const renders = guestRendersPerS + sessionRendersPerS;
  const processCoreLoad =
    renders / m.rendersPerCore + floodRendersPerS / m.notFoundPerCore;
  const processes = Math.max(
    p.minProcesses,
    Math.ceil(processCoreLoad / p.utilization),
  );
  return {
    averageRps,
    peakRps,
    edgeRps,
    edgeCores,
    edgeNodes,
    guestRendersPerS,
    sessionRendersPerS,
    floodRendersPerS,
    processCoreLoad,
    processes,
    appNodes: Math.max(p.minNodes, Math.ceil(processes / p.coresPerAppNode)),
    missRate: renders / peakRps,
    missRateWithFlood: (renders + floodRendersPerS) / edgeRps,
  };
};
