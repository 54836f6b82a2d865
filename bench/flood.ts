/**
 * npm run bench:flood (issue 23) — floods of addresses the page cache must not let hurt anyone,
 * in one run against the production build (with the sandbox API), each flood followed at once by
 * guests on the plain /en/launchpad:
 *   (a) guests with a unique ?x= per request,
 *   (b) guests with a unique ?gclid= per request,
 *   (c) guests on random keys under /en/launchpad/{random} (404s: keys the project list lacks,
 *       answered from the locale's 404 rendered once, src/middleware/not-found-keys.ts),
 *   (d) traders: a session cookie (a different token per request) on /en/launchpad;
 * beside them the ceiling (a bare node:http server returning the same bytes, before and after
 * the floods) and the uncached render rate (/en/earning/savings with a unique ?coin=, a page
 * parameter, so each request is a full render of a real page). Then the resident memory of the
 * server after all floods.
 * Then the same with two processes (issue 25 item 7, issue 23 item 5): every page × locale of the
 * sitemap asked FLOOD_DUP_ASKS (4) times at once, the renders counted from each process's
 * /metrics, once on WEB_CONCURRENCY=2 without a shared cache (the duplicate renders are stated)
 * and once through nginx (deploy/nginx, started as `npm run serve:edge` starts it) in front of
 * two processes (budget: no page rendered twice for one cache lifetime); then guests on the plain
 * page and the four floods through the edge, to the same ceiling.
 * Last, every answer uncacheable (PAGE_CACHE=off, issue 40 item 5): the edge in front of two
 * processes, on one address and on a unique address per request, each against one process asked
 * the same requests directly in the same run (before and after); budget: the edge at least
 * `edgeUncacheableOverOneProcessMin` of one process, with 0 timeouts.
 * Exits non-zero when a budget in bench/budgets.json (`flood`) is missed.
 *
 * Options (environment): FLOOD_SECONDS (20), FLOOD_AFTER_SECONDS (10), BENCH_CONNECTIONS (32),
 * BENCH_WARMUP_SECONDS (2), BENCH_SKIP_BUILD=1, WEB_CONCURRENCY (passed to the first server),
 * FLOOD_EDGE_PROCESSES (2), FLOOD_DUP_ASKS (4), FLOOD_DUP_PARALLEL (4: pages asked at a time).
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA as UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { readBudgets } from './lib/budgets.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import { startEdgeStack } from './lib/edge-stack.ts';
import {
  drivePages,
  duplicateRenders,
  rendersCounted,
} from './lib/render-count.ts';
import { writeResults } from './lib/results.ts';
import { siteUrls, treeRssMb } from './lib/site-urls.ts';

const budgets = readBudgets().flood;
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const AFTER_SECONDS = Number(process.env.FLOOD_AFTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PLAIN = '/en/launchpad';
/** Site processes behind the edge, and workers of the no-shared-cache run (WEB_CONCURRENCY=2). */
const EDGE_PROCESSES = Number(process.env.FLOOD_EDGE_PROCESSES ?? 2);

type Load = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
};

/** autocannon in its own process (the ceiling server lives in this one); `[<id>]` is unique per request. */
const autocannon = async (
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> => {
  const args = [
    path.join(ROOT, 'bench/lib/autocannon-run.ts'),
    JSON.stringify({
      url,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      headers,
    }),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  clearTimeout(timer);
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
};

/** The ceiling: the plain page's bytes from memory (brotli, as asked). */
const ceilingServer = (body: {
  raw: Buffer;
  br: Buffer;
}): Promise<{ url: string; server: Server }> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      const brotli = (req.headers['accept-encoding'] ?? '').includes('br');
      const bytes = brotli ? body.br : body.raw;
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
        'content-length': bytes.byteLength,
      });
      res.end(bytes);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        server,
      });
    });
  });

const line = (load: Load, ceiling: number) =>
  `${load.label.padEnd(44)} ${load.rps.toFixed(0).padStart(6)} req/s  p50 ${String(load.p50).padStart(4)} ms  p99 ${String(load.p99).padStart(5)} ms  ${(load.rps / ceiling).toFixed(3)} of ceiling  errors ${load.errors}  timeouts ${load.timeouts}  non-2xx ${load.non2xx}`;

type Flood = { name: string; flood: Load; after: Load };

const GUEST = { 'user-agent': UA, 'accept-encoding': 'br' };
const TRADER = { ...GUEST, cookie: 'b_t_c_k_test1=flood-[<id>]' };

/** The four floods against `origin`, each followed at once by guests on the plain page. */
const floodSeries = async (origin: string, prefix: string) => {
  const floods: Flood[] = [];
  for (const [name, label, url, headers] of [
    ['a', '(a) guests, unique ?x=', `${PLAIN}?x=[<id>]`, GUEST],
    ['b', '(b) guests, unique ?gclid=', `${PLAIN}?gclid=[<id>]`, GUEST],
    ['c', '(c) guests, random keys (404)', `${PLAIN}/r-[<id>]`, GUEST],
    ['d', '(d) traders, a token each', PLAIN, TRADER],
  ] as const) {
    const flood = await autocannon(
      `${prefix}${label}`,
      `${origin}${url}`,
      headers,
      FLOOD_SECONDS,
    );
    const after = await autocannon(
      `${prefix}    then guests on ${PLAIN}`,
      `${origin}${PLAIN}`,
      GUEST,
      AFTER_SECONDS,
    );
    floods.push({ name, flood, after });
  }
  return floods;
};

/** The checks every flood series answers to (in process, and through the edge). */
const floodChecks = (
  prefix: string,
  floods: readonly Flood[],
  top: number,
  uncachedRps: number,
): [boolean, string][] => {
  const checks: [boolean, string][] = [];
  for (const { name, flood, after } of floods) {
    if (name === 'c')
      checks.push([
        flood.rps >= uncachedRps * budgets.notFoundOverUncachedMin,
        `${prefix}(c) ${flood.rps.toFixed(0)} req/s ≥ ${budgets.notFoundOverUncachedMin} × the uncached render rate (${uncachedRps.toFixed(0)})`,
      ]);
    else
      checks.push([
        flood.rps / top >= budgets.floodRatioMin,
        `${prefix}(${name}) ratio ${(flood.rps / top).toFixed(3)} ≥ ${budgets.floodRatioMin}`,
      ]);
    checks.push([
      after.rps / top >= budgets.afterRatioMin,
      `${prefix}guests after (${name}): ratio ${(after.rps / top).toFixed(3)} ≥ ${budgets.afterRatioMin}`,
    ]);
    checks.push([
      after.p99 <= budgets.afterP99MaxMs,
      `${prefix}guests after (${name}): p99 ${after.p99} ms ≤ ${budgets.afterP99MaxMs} ms`,
    ]);
  }
  for (const load of floods.flatMap((f) => [f.flood, f.after]))
    checks.push([
      load.errors === 0 && load.timeouts === 0,
      `${load.label.trim()}: ${load.errors} errors, ${load.timeouts} timeouts`,
    ]);
  for (const { name, flood, after } of floods) {
    // (c) is 404s by design; every other answer is a page
    if (name !== 'c')
      checks.push([
        flood.non2xx === 0,
        `${prefix}(${name}) non-2xx ${flood.non2xx}`,
      ]);
    checks.push([
      after.non2xx === 0,
      `${prefix}after (${name}) non-2xx ${after.non2xx}`,
    ]);
  }
  return checks;
};

/**
 * Every page × locale of the sitemap asked DUP_ASKS times at once (DUP_PARALLEL pages at a time),
 * on a fresh server, counting the renders all its processes made meanwhile.
 */
const DUP_ASKS = Number(process.env.FLOOD_DUP_ASKS ?? 4);
const DUP_PARALLEL = Number(process.env.FLOOD_DUP_PARALLEL ?? 4);
const DUP_TIMEOUT_MS = 300_000;
const countRenders = async (origin: string, metricsUrls: readonly string[]) => {
  const paths = await siteUrls(origin);
  const before = await rendersCounted(metricsUrls);
  const drive = await drivePages({
    origin,
    paths,
    asks: DUP_ASKS,
    parallelPages: DUP_PARALLEL,
    headers: GUEST,
    timeoutMs: DUP_TIMEOUT_MS,
  });
  const renders = (await rendersCounted(metricsUrls)) - before;
  return {
    ...drive,
    parallelPages: DUP_PARALLEL,
    renders,
    duplicates: duplicateRenders(renders, paths.length),
  };
};

const main = async () => {
  buildUnlessSkipped();
  let ceiling: Server | undefined;
  let stop = async () => {};
  try {
    const port = await freePort();
    const siteOrigin = `http://127.0.0.1:${port}`;
    const stack = await startStack({ port, siteOrigin });
    stop = stack.stop;
    const { server } = stack;
    const pid = server.child.pid ?? 0;
    const workers = Number(process.env.WEB_CONCURRENCY ?? 1);

    const res = await fetch(`${siteOrigin}${PLAIN}`, {
      headers: { 'user-agent': UA },
    });
    if (res.status !== 200) throw new Error(`${PLAIN} answered ${res.status}`);
    // the lifetimes a shared cache is given (s-maxage, stale-while-revalidate), for the capacity model
    const guestCacheControl = res.headers.get('cache-control') ?? '';
    const raw = Buffer.from(await res.arrayBuffer());
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    const c = await ceilingServer({ raw, br });
    ceiling = c.server;
    const guest = GUEST;
    const rssStart = await treeRssMb(pid);

    const warm = async (url: string, headers: Record<string, string>) => {
      if (WARMUP_SECONDS > 0)
        await autocannon('warm-up', url, headers, WARMUP_SECONDS);
    };
    await warm(`${c.url}${PLAIN}`, guest);
    const ceilingBefore = await autocannon(
      'ceiling (node:http, same bytes)',
      `${c.url}${PLAIN}`,
      guest,
      AFTER_SECONDS,
    );
    await warm(`${siteOrigin}/en/earning/savings?coin=warm-[<id>]`, guest);
    const uncached = await autocannon(
      'uncached renders (savings, unique ?coin=)',
      `${siteOrigin}/en/earning/savings?coin=u-[<id>]`,
      guest,
      AFTER_SECONDS,
    );
    await warm(`${siteOrigin}${PLAIN}`, guest);
    const plainBefore = await autocannon(
      `guests on ${PLAIN} (before the floods)`,
      `${siteOrigin}${PLAIN}`,
      guest,
      AFTER_SECONDS,
    );
    const floods = await floodSeries(siteOrigin, '');
    const rssAfter = await treeRssMb(pid);
    await stop();
    stop = async () => {};

    // no shared cache: one server of EDGE_PROCESSES workers, every page × locale asked at once
    const clusterPort = await freePort();
    const clusterMetrics = await freePort();
    const cluster = await startStack({
      port: clusterPort,
      siteOrigin: `http://127.0.0.1:${clusterPort}`,
      env: {
        WEB_CONCURRENCY: String(EDGE_PROCESSES),
        METRICS_PORT: String(clusterMetrics),
      },
    });
    stop = cluster.stop;
    const direct = await countRenders(`http://127.0.0.1:${clusterPort}`, [
      `http://127.0.0.1:${clusterMetrics}/metrics`,
    ]);
    await stop();
    stop = async () => {};

    // the shared cache: nginx (deploy/nginx) in front of EDGE_PROCESSES processes
    const edge = await startEdgeStack(EDGE_PROCESSES);
    stop = edge.stop;
    const throughEdge = await countRenders(edge.origin, edge.metricsUrls);
    await warm(`${edge.origin}${PLAIN}`, guest);
    const edgePlain = await autocannon(
      `edge: guests on ${PLAIN}`,
      `${edge.origin}${PLAIN}`,
      guest,
      AFTER_SECONDS,
    );
    const edgeFloods = await floodSeries(edge.origin, 'edge: ');
    const edgeRss = (
      await Promise.all(edge.pids.map((p) => treeRssMb(p)))
    ).reduce((a, b) => a + b, 0);
    await stop();
    stop = async () => {};

    // every answer uncacheable: nothing the edge may keep, so nothing may queue at the edge
    const passing = await startEdgeStack(EDGE_PROCESSES, {
      env: { PAGE_CACHE: 'off' },
    });
    stop = passing.stop;
    // each edge line against one process asked the same stream (unique ids cost the client too),
    // before and after it, so drift of this shared machine cancels out
    const oneProcess = `${passing.upstreams[0] ?? ''}${PLAIN}`;
    await warm(`${passing.origin}${PLAIN}`, guest);
    const passDirectBefore = await autocannon(
      `uncacheable: one process, ${PLAIN}`,
      oneProcess,
      guest,
      AFTER_SECONDS,
    );
    const passOne = await autocannon(
      `uncacheable: edge, ${PLAIN}`,
      `${passing.origin}${PLAIN}`,
      guest,
      AFTER_SECONDS,
    );
    const passDirectUniqueBefore = await autocannon(
      `uncacheable: one process, ${PLAIN}?x=<unique>`,
      `${oneProcess}?x=[<id>]`,
      guest,
      AFTER_SECONDS,
    );
    const passUnique = await autocannon(
      `uncacheable: edge, ${PLAIN}?x=<unique>`,
      `${passing.origin}${PLAIN}?x=[<id>]`,
      guest,
      AFTER_SECONDS,
    );
    const passDirectUniqueAfter = await autocannon(
      `uncacheable: one process, ${PLAIN}?x=<unique>, after`,
      `${oneProcess}?x=[<id>]`,
      guest,
      AFTER_SECONDS,
    );
    const passDirectAfter = await autocannon(
      `uncacheable: one process, ${PLAIN}, after`,
      oneProcess,
      guest,
      AFTER_SECONDS,
    );
    await stop();
    stop = async () => {};
    const onePassRps = (passDirectBefore.rps + passDirectAfter.rps) / 2;
    const oneUniqueRps =
      (passDirectUniqueBefore.rps + passDirectUniqueAfter.rps) / 2;
    const passLines: [Load, number][] = [
      [passDirectBefore, onePassRps],
      [passOne, onePassRps],
      [passDirectUniqueBefore, oneUniqueRps],
      [passUnique, oneUniqueRps],
      [passDirectUniqueAfter, oneUniqueRps],
      [passDirectAfter, onePassRps],
    ];

    const ceilingAfter = await autocannon(
      'ceiling (node:http, same bytes), after',
      `${c.url}${PLAIN}`,
      guest,
      AFTER_SECONDS,
    );
    const top = (ceilingBefore.rps + ceilingAfter.rps) / 2;

    console.log(
      `\nbench:flood — ${CONNECTIONS} connections, floods ${FLOOD_SECONDS} s, guests after each ${AFTER_SECONDS} s, WEB_CONCURRENCY=${workers}, brotli asked; ratios to the mean ceiling (${top.toFixed(0)} req/s)\n`,
    );
    for (const load of [ceilingBefore, uncached, plainBefore])
      console.log(line(load, top));
    for (const { flood, after } of floods) {
      console.log(line(flood, top));
      console.log(line(after, top));
    }
    console.log(
      `server RSS: ${rssStart.toFixed(0)} MB at start, ${rssAfter.toFixed(0)} MB after all floods (${workers} worker${workers === 1 ? '' : 's'})`,
    );
    console.log(
      `\nthrough the edge: nginx (deploy/nginx) in front of ${EDGE_PROCESSES} processes (npm run serve:edge with WEB_CONCURRENCY=${EDGE_PROCESSES})\n`,
    );
    console.log(line(edgePlain, top));
    for (const { flood, after } of edgeFloods) {
      console.log(line(flood, top));
      console.log(line(after, top));
    }
    console.log(
      `edge RSS after its floods (nginx + ${EDGE_PROCESSES} processes): ${edgeRss.toFixed(0)} MB`,
    );
    console.log(
      `\nevery answer uncacheable (PAGE_CACHE=off): the edge in front of ${EDGE_PROCESSES} processes against one process asked the same requests (mean ${onePassRps.toFixed(0)} req/s on one address, ${oneUniqueRps.toFixed(0)} on unique ones)\n`,
    );
    for (const [load, one] of passLines)
      console.log(
        `${line(load, top)}  (${(load.rps / one).toFixed(2)}× one process)`,
      );
    console.log(line(ceilingAfter, top));
    const dupLine = (what: string, d: typeof direct) =>
      `${what.padEnd(44)} ${d.pages} pages × ${d.asksPerPage} asks at once (${d.parallelPages} pages at a time): ${d.renders} renders, ${d.duplicates} rendered twice or more${Object.keys(d.notOk).length ? `, not 200: ${JSON.stringify(d.notOk)}` : ''} (${d.seconds.toFixed(1)} s)`;
    console.log(
      '\npages rendered twice for one cache lifetime (every page × locale of the sitemap):',
    );
    console.log(
      dupLine(`WEB_CONCURRENCY=${EDGE_PROCESSES}, no shared cache`, direct),
    );
    console.log(
      dupLine(`nginx in front of ${EDGE_PROCESSES} processes`, throughEdge),
    );

    const checks: [boolean, string][] = [
      ...floodChecks('', floods, top, uncached.rps),
    ];
    for (const load of [uncached, plainBefore])
      checks.push([
        load.errors === 0 && load.timeouts === 0,
        `${load.label.trim()}: ${load.errors} errors, ${load.timeouts} timeouts`,
      ]);
    checks.push([
      rssAfter <= budgets.rssAfterMaxMb,
      `RSS after all floods ${rssAfter.toFixed(0)} MB ≤ ${budgets.rssAfterMaxMb} MB`,
    ]);
    checks.push([
      edgePlain.rps / top >= budgets.edgeRatioMin &&
        edgePlain.errors + edgePlain.timeouts + edgePlain.non2xx === 0,
      `edge: guests on ${PLAIN} ratio ${(edgePlain.rps / top).toFixed(3)} ≥ ${budgets.edgeRatioMin}, ${edgePlain.errors} errors, ${edgePlain.timeouts} timeouts, ${edgePlain.non2xx} non-2xx`,
    ]);
    checks.push(...floodChecks('edge: ', edgeFloods, top, uncached.rps));
    checks.push([
      throughEdge.duplicates <= budgets.edgeDuplicateRendersMax &&
        Object.keys(throughEdge.notOk).length === 0,
      `edge: ${throughEdge.duplicates} pages rendered twice for one cache lifetime ≤ ${budgets.edgeDuplicateRendersMax}${Object.keys(throughEdge.notOk).length ? `; not 200: ${JSON.stringify(throughEdge.notOk)}` : ''}`,
    ]);
    for (const [load, one] of [
      [passOne, onePassRps],
      [passUnique, oneUniqueRps],
    ] as const)
      checks.push([
        load.rps / one >= budgets.edgeUncacheableOverOneProcessMin &&
          load.timeouts === 0 &&
          load.errors === 0,
        `${load.label}: ${(load.rps / one).toFixed(2)}× one process ≥ ${budgets.edgeUncacheableOverOneProcessMin}, ${load.timeouts} timeouts, ${load.errors} errors`,
      ]);
    checks.push([
      Object.keys(direct.notOk).length === 0,
      `WEB_CONCURRENCY=${EDGE_PROCESSES} without the edge: every page answered 200${Object.keys(direct.notOk).length ? `; not 200: ${JSON.stringify(direct.notOk)}` : ''}`,
    ]);
    writeResults('flood.json', {
      at: new Date().toISOString(),
      cores: availableParallelism(),
      guestCacheControl,
      // the in-process page cache's lifetime: GUEST_CACHE_TTL_MS, default 10 s (src/lib/server/site-config.ts)
      guestCacheTtlMs: Number(process.env.GUEST_CACHE_TTL_MS ?? 10_000),
      connections: CONNECTIONS,
      floodSeconds: FLOOD_SECONDS,
      afterSeconds: AFTER_SECONDS,
      workers,
      ceiling: [ceilingBefore, ceilingAfter],
      uncached,
      plainBefore,
      floods,
      rssStart,
      rssAfter,
      edge: {
        processes: EDGE_PROCESSES,
        plain: edgePlain,
        floods: edgeFloods,
        rss: edgeRss,
        uncacheable: {
          oneProcess: [passDirectBefore, passDirectAfter],
          oneProcessUniqueAddresses: [
            passDirectUniqueBefore,
            passDirectUniqueAfter,
          ],
          oneAddress: passOne,
          uniqueAddresses: passUnique,
        },
      },
      duplicateRenders: { direct, throughEdge },
      checks: checks.map(([ok, what]) => ({ ok, what })),
    });
    const failed = checks.filter(([ok]) => !ok);
    console.log('');
    for (const [ok, what] of checks)
      console.log(`${ok ? 'ok  ' : 'MISS'} ${what}`);
    console.log(
      failed.length === 0
        ? '\nall flood budgets met'
        : `\n${failed.length} flood budget(s) missed`,
    );
    process.exitCode = failed.length === 0 ? 0 : 1;
  } finally {
    ceiling?.close();
    await stop();
  }
};

await main();
