/**
 * npm run bench — builds, starts the production server with the sandbox API, and measures in
 * one run, side by side (this machine is shared and noisy, so only ratios within a run count):
 *   (a) the ceiling: a bare node:http server returning the exact bytes of each measured page;
 *   (b) /en/launchpad and /ja-JP/launchpad/{id} uncached (a second server, PAGE_CACHE=off);
 *   (c) the same pages with the guest cache warm.
 * Prints req/s, p50/p99, errors and the ratio to the ceiling; initial JS per page type (gzip and
 * brotli) and HTML bytes; checks that no server-only library reached a client chunk; then
 * exits non-zero when a budget in bench/budgets.json is missed.
 *
 * Every measured run follows a warm-up of BENCH_WARMUP_SECONDS on the same URL and headers (the
 * JIT compiles the render path in the first seconds of a fresh process), for the ceiling too.
 *
 * The load runs ask for brotli, as browsers do, and the ceiling returns the page's brotli bytes;
 * BENCH_ENCODING=identity sends no Accept-Encoding (the ceiling then returns the HTML itself).
 *
 * Options (environment): BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (2),
 * BENCH_CONNECTIONS (32), BENCH_ENCODING (identity or br), BENCH_SKIP_BUILD=1,
 * BENCH_SKIP_LIGHTHOUSE=1 (the load figures alone), LIGHTHOUSE_RUNS (3).
 *
 * For reading the uncached ratio it also measures, with no budget: /robots.txt through the same
 * server (no render); and, budgeted, a bare Waku app rendering the same launchpad list from the same
 * data (bench/framework-floor), loaded right before and right after the uncached /en/launchpad and
 * taken as the mean of the two: uncached /en/launchpad must serve at least as much (issue 23).
 *
 * Last, Lighthouse (bench/lighthouse.ts) scores four pages against the same budgets file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import {
  ROOT,
  startSandbox,
  startServer,
  type Running,
} from '../scripts/lib/processes.ts';
import { PERSON_UA as UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { readBudgets } from './lib/budgets.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import {
  buildFrameworkFloor,
  startFrameworkFloor,
} from './lib/framework-floor.ts';
import { initialJsFiles } from './lib/initial-js-files.ts';
import { writeResults } from './lib/results.ts';
import { benchPages } from './lib/site-urls.ts';
import { runLighthouse } from './lighthouse.ts';

const budgets = readBudgets();
const WAKU_VERSION = (
  JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/waku/package.json'), 'utf8'),
  ) as { version: string }
).version;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ENCODING = process.env.BENCH_ENCODING === 'identity' ? 'identity' : 'br';

type Load = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** autocannon in its own process, awaited without blocking this one (the ceiling server lives here). */
const runAutocannon = async (
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> => {
  const args = [
    path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
  ];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  clearTimeout(timer);
  const r = JSON.parse(stdout) as {
    requests: { average: number };
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
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
};

/** A warm-up run (discarded), then the measured run. */
const autocannon = async (
  label: string,
  url: string,
  headers: Record<string, string>,
): Promise<Load> => {
  if (WARMUP_SECONDS > 0)
    await runAutocannon(label, url, headers, WARMUP_SECONDS);
  return runAutocannon(label, url, headers, SECONDS);
};

type Body = { raw: Buffer; br: Buffer; type: string };

/** The ceiling: each page's bytes from memory, brotli when the request accepts it. */
const ceilingServer = (
  bodies: Map<string, Body>,
): Promise<{ url: string; server: Server }> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      const page = bodies.get(req.url ?? '');
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      const brotli = (req.headers['accept-encoding'] ?? '').includes('br');
      const body = brotli ? page.br : page.raw;
      res.writeHead(200, {
        'content-type': page.type,
        ...(brotli ? { 'content-encoding': 'br' } : {}),
        'content-length': body.byteLength,
      });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        server,
      });
    });
  });

/** fetch, once more if a kept-alive socket was closed under it (the server's idle timeout). */
const get = async (
  url: string,
  headers: Record<string, string> = {},
): Promise<Response> => {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers: { ...headers, connection: 'close' } });
  }
};

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).byteLength;
const br = (b: Buffer) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    .byteLength;

/** The JS a page's HTML loads before any interaction: module scripts and modulepreloads. */
const initialJs = (html: string) => {
  const files = initialJsFiles(html);
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const data = readFileSync(path.join(ROOT, 'dist/public', file));
    gzip += gz(data);
    brotli += br(data);
  }
  return { files: [...files], gzip, brotli };
};

/** Server-only code in a client chunk is a leak (secrets, size): look for telltale markers. */
const SERVER_MARKERS = [
  /AsyncLocalStorage/,
  /node:async_hooks/,
  /react-server-dom-webpack\/server/,
  /@lingui\/cli/,
  /hono\/body-limit/,
  /src\/sandbox/,
  /API_ORIGIN/,
  /scrypt/,
];
const serverLeaks = () => {
  const dir = path.join(ROOT, 'dist/public/assets');
  const leaks: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const marker of SERVER_MARKERS)
      if (marker.test(text)) leaks.push(`${file}: ${String(marker)}`);
  }
  return leaks;
};

const rssMb = (pid: number | undefined) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
};

const main = async () => {
  const buildSeconds = buildUnlessSkipped();
  buildFrameworkFloor();
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-bench-'));
  const running: Running[] = [];
  let ceiling: Server | undefined;
  try {
    const port = await freePort();
    const siteOrigin = `http://127.0.0.1:${port}`;
    const sandbox = await startSandbox({
      siteOrigin,
      dataFile: path.join(dir, 'state.json'),
      quiet: true,
    });
    running.push(sandbox);
    const server = await startServer({
      port,
      apiOrigin: sandbox.url,
      siteOrigin,
      quiet: true,
    });
    running.push(server);
    // the uncached runs: the same build with the page cache off (a token cookie no longer skips
    // the cache: sessions have their own cached variant, issue 23)
    const uncachedPort = await freePort();
    const uncachedServer = await startServer({
      port: uncachedPort,
      apiOrigin: sandbox.url,
      siteOrigin,
      env: { PAGE_CACHE: 'off' },
      quiet: true,
    });
    running.push(uncachedServer);
    const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`;

    const pages = await benchPages(sandbox.url);

    const bodies = new Map<string, Body>();
    const htmlBytes: Record<string, { raw: number; br: number }> = {};
    const js: Record<string, ReturnType<typeof initialJs>> = {};
    for (const page of pages) {
      const res = await fetch(`${siteOrigin}${page}`, {
        headers: { 'user-agent': UA },
      });
      if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
      const raw = Buffer.from(await res.arrayBuffer());
      const compressed = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      });
      bodies.set(page, {
        raw,
        br: compressed,
        type: 'text/html; charset=utf-8',
      });
      htmlBytes[page] = { raw: raw.byteLength, br: compressed.byteLength };
      js[page] = initialJs(raw.toString('utf8'));
    }
    for (const extra of [
      '/en',
      '/zh-TW/earning/savings',
      '/de-DE/announcement-info/margin-parameters',
      '/en/ZCCCompetition2025',
    ]) {
      const html = await (
        await fetch(`${siteOrigin}${extra}`, { headers: { 'user-agent': UA } })
      ).text();
      js[extra] = initialJs(html);
    }
    const c = await ceilingServer(bodies);
    ceiling = c.server;

    const common: Record<string, string> = {
      'user-agent': UA,
      ...(ENCODING === 'br' ? { 'accept-encoding': 'br' } : {}),
    };
    const results: {
      page: string;
      ceiling: Load;
      uncached: Load;
      cached: Load;
    }[] = [];
    const rssAfter: Record<string, number> = {};
    // the framework alone: a bare Waku app rendering the same list from the same data, loaded
    // right before and right after the uncached /en/launchpad (our servers idle meanwhile) and
    // taken as the mean of the two, as the ceiling is: a shared machine that got busier or
    // quieter between the two runs moves both figures of the ratio alike
    const bare = await startFrameworkFloor(await freePort(), sandbox.url);
    running.push(bare);
    const bareRuns: Load[] = [];
    const bareLabel = 'bare Waku /en/launchpad (same list)';
    const loadBare = async (page: string) => {
      if (page === '/en/launchpad')
        bareRuns.push(
          await autocannon(bareLabel, `${bare.url}/en/launchpad`, common),
        );
    };
    for (const page of pages) {
      // the ceiling runs before and after the site's runs; the ratios use the mean of the two,
      // so a machine that got busier (or quieter) during the page's runs does not skew them
      const ceilingBefore = await autocannon(
        `ceiling ${page}`,
        `${c.url}${page}`,
        common,
      );
      await loadBare(page);
      const uncached = await autocannon(
        `uncached ${page}`,
        `${uncachedOrigin}${page}`,
        common,
      );
      rssAfter[uncached.label] = rssMb(uncachedServer.child.pid);
      await loadBare(page);
      await (await get(`${siteOrigin}${page}`, common)).arrayBuffer();
      const cached = await autocannon(
        `cached ${page}`,
        `${siteOrigin}${page}`,
        common,
      );
      rssAfter[cached.label] = rssMb(server.child.pid);
      const ceilingAfter = await autocannon(
        `ceiling ${page}`,
        `${c.url}${page}`,
        common,
      );
      const ceilingLoad: Load = {
        label: `ceiling ${page}`,
        rps: (ceilingBefore.rps + ceilingAfter.rps) / 2,
        p50: Math.max(ceilingBefore.p50, ceilingAfter.p50),
        p99: Math.max(ceilingBefore.p99, ceilingAfter.p99),
        errors: ceilingBefore.errors + ceilingAfter.errors,
        non2xx: ceilingBefore.non2xx + ceilingAfter.non2xx,
      };
      console.log(
        `ceiling ${page}: ${ceilingBefore.rps.toFixed(0)} req/s before, ${ceilingAfter.rps.toFixed(0)} after`,
      );
      results.push({ page, ceiling: ceilingLoad, uncached, cached });
    }
    // the budget holds the largest RSS seen right after one of the page runs the issue defines,
    // not one after idle time
    const rss = Math.max(...Object.values(rssAfter));
    const rssSettled = rssMb(server.child.pid);
    // For reading the uncached ratios (no budget): the framework's request path with no page
    // render at all — a 178-byte API route through the same middleware and Waku's handler. It
    // runs after the RSS above was taken; its own RSS after is printed beside it.
    const floor = await autocannon(
      'uncached /robots.txt (no render)',
      `${siteOrigin}/robots.txt`,
      common,
    );
    const floorRss = rssMb(server.child.pid);
    await bare.stop();
    const [bareBefore, bareAfter] = bareRuns;
    if (!bareBefore || !bareAfter)
      throw new Error('the bench pages lack /en/launchpad');
    console.log(
      `${bareLabel}: ${bareBefore.rps.toFixed(0)} req/s (p99 ${bareBefore.p99} ms) before, ${bareAfter.rps.toFixed(0)} req/s (p99 ${bareAfter.p99} ms) after`,
    );
    const bareWaku: Load = {
      label: bareLabel,
      rps: (bareBefore.rps + bareAfter.rps) / 2,
      // the mean of the runs before and after, as for its rate (and the ceiling's)
      p50: (bareBefore.p50 + bareAfter.p50) / 2,
      p99: (bareBefore.p99 + bareAfter.p99) / 2,
      errors: bareBefore.errors + bareAfter.errors,
      non2xx: bareBefore.non2xx + bareAfter.non2xx,
    };
    const leaks = serverLeaks();

    const report: string[] = [];
    const failures: string[] = [];
    const check = (ok: boolean, text: string) => {
      report.push(`${ok ? 'PASS' : 'FAIL'} ${text}`);
      if (!ok) failures.push(text);
    };
    console.log(
      `\nload: autocannon -c ${CONNECTIONS} -d ${SECONDS} after ${WARMUP_SECONDS} s of warm-up, one run, same machine, ${ENCODING === 'br' ? 'Accept-Encoding: br (ceiling: the brotli bytes)' : 'no Accept-Encoding (ceiling: the HTML bytes)'}\n`,
    );
    console.log(
      'run                                   req/s    p50 ms  p99 ms  errors  non2xx  ratio  RSS after',
    );
    for (const r of results) {
      check(
        r.ceiling.rps > 0 && r.ceiling.errors === 0,
        `the ceiling for ${r.page} served without errors`,
      );
      for (const load of [r.ceiling, r.uncached, r.cached]) {
        const ratio = load.rps / r.ceiling.rps;
        console.log(
          `${load.label.padEnd(36)} ${load.rps.toFixed(0).padStart(7)} ${String(load.p50).padStart(8)} ${String(load.p99).padStart(7)} ${String(load.errors).padStart(7)} ${String(load.non2xx).padStart(7)}  ${ratio.toFixed(3)}  ${rssAfter[load.label] === undefined ? '' : `${rssAfter[load.label]?.toFixed(0)} MB`}`,
        );
      }
      check(
        r.cached.rps / r.ceiling.rps >= budgets.cachedRatioMin,
        `cached ${r.page} ratio ${(r.cached.rps / r.ceiling.rps).toFixed(3)} ≥ ${budgets.cachedRatioMin}`,
      );
      check(
        r.uncached.errors +
          r.cached.errors +
          r.uncached.non2xx +
          r.cached.non2xx ===
          0,
        `no errors or non-2xx on ${r.page}`,
      );
    }
    const meanCeiling =
      results.reduce((sum, r) => sum + r.ceiling.rps, 0) / results.length;
    console.log(
      `\nframework floor, for reading the uncached ratios (no budget): ${floor.label} ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms, ${((floor.rps / meanCeiling) * 100).toFixed(1)}% of the mean page ceiling, RSS after ${floorRss.toFixed(0)} MB (not budgeted)`,
    );
    const launchpadCeiling =
      results.find((r) => r.page === '/en/launchpad')?.ceiling.rps ??
      meanCeiling;
    const uncachedLaunchpad = results.find(
      (r) => r.page === '/en/launchpad',
    )?.uncached;
    check(
      uncachedLaunchpad !== undefined &&
        uncachedLaunchpad.rps / bareWaku.rps >=
          budgets.uncachedOverFrameworkMin,
      `uncached /en/launchpad ${uncachedLaunchpad?.rps.toFixed(0) ?? '?'} req/s ≥ ${budgets.uncachedOverFrameworkMin} × the bare Waku page with the same list (${bareWaku.rps.toFixed(0)} req/s): ${((uncachedLaunchpad?.rps ?? 0) / bareWaku.rps).toFixed(2)}×`,
    );
    // the tail against the framework's own on the same page (decision 0046: issue 23's 150 ms
    // line read the machine's load as much as the code; the figure is still printed)
    check(
      uncachedLaunchpad !== undefined &&
        uncachedLaunchpad.p99 / bareWaku.p99 <=
          budgets.uncachedP99OverFrameworkMax,
      `uncached /en/launchpad p99 ${uncachedLaunchpad?.p99 ?? '?'} ms ≤ ${budgets.uncachedP99OverFrameworkMax} × the bare Waku page's p99 with the same list (${bareWaku.p99} ms) at ${CONNECTIONS} connections: ${((uncachedLaunchpad?.p99 ?? Number.POSITIVE_INFINITY) / bareWaku.p99).toFixed(2)}× (issue 23's absolute line was 150 ms)`,
    );
    console.log(
      `framework alone: ${bareWaku.label} ${bareWaku.rps.toFixed(0)} req/s, p99 ${bareWaku.p99} ms, errors ${bareWaku.errors + bareWaku.non2xx}: ${(bareWaku.rps / launchpadCeiling).toFixed(3)} of the /en/launchpad ceiling (bench/framework-floor: Waku ${WAKU_VERSION}, the same list, no middleware, no compression)`,
    );
    console.log(
      '\npage                                         initial JS gzip   brotli   HTML raw / br',
    );
    for (const [page, j] of Object.entries(js)) {
      const h = htmlBytes[page];
      console.log(
        `${page.padEnd(44)} ${(j.gzip / 1024).toFixed(1).padStart(10)} KB ${(j.brotli / 1024).toFixed(1).padStart(7)} KB   ${h ? `${(h.raw / 1024).toFixed(1)} / ${(h.br / 1024).toFixed(1)} KB` : ''}`,
      );
      check(
        j.gzip / 1024 <= budgets.initialJsGzipMaxKb,
        `initial JS of ${page} ${(j.gzip / 1024).toFixed(1)} KB gzip ≤ ${budgets.initialJsGzipMaxKb} KB`,
      );
      check(
        j.gzip / 1024 - budgets.frameworkFloorGzipKb <=
          budgets.initialJsOverFloorMaxKb,
        `initial JS of ${page} within ${budgets.initialJsOverFloorMaxKb} KB of the ${budgets.frameworkFloorGzipKb} KB floor`,
      );
    }
    check(
      leaks.length === 0,
      `no server-only code in client chunks${leaks.length ? `: ${leaks.join(', ')}` : ''}`,
    );
    check(
      rss <= budgets.rssAfterMaxMb,
      `RSS right after the site's runs ${rss.toFixed(0)} MB (at most; ${rssSettled.toFixed(0)} MB after the last ceiling run) ≤ ${budgets.rssAfterMaxMb} MB`,
    );
    if (!Number.isNaN(buildSeconds))
      check(
        buildSeconds <= budgets.buildMaxSeconds,
        `production build ${buildSeconds.toFixed(1)} s ≤ ${budgets.buildMaxSeconds} s`,
      );
    let lighthouse: Awaited<ReturnType<typeof runLighthouse>> | undefined;
    if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
      console.log(
        `\nLighthouse (mobile, median of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs)`,
      );
      lighthouse = await runLighthouse({ budgets: budgets.lighthouseMin });
      for (const { ok, text } of lighthouse.checks) check(ok, text);
    }
    console.log(`\n${report.join('\n')}`);
    writeResults('latest.json', {
      at: new Date().toISOString(),
      connections: CONNECTIONS,
      seconds: SECONDS,
      results,
      js,
      htmlBytes,
      rss,
      rssAfter,
      rssSettled,
      floor,
      floorRss,
      bareWaku,
      buildSeconds,
      lighthouse,
      report,
    });
    console.log(
      failures.length
        ? `\n${failures.length} budget(s) missed`
        : '\nall budgets met',
    );
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    ceiling?.close();
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();
