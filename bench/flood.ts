/**
 * npm run bench:flood (issue 23) — floods of addresses the page cache must not let hurt anyone,
 * in one run against the production build (with the sandbox API), each flood followed at once by
 * guests on the plain /en/launchpad:
 *   (a) guests with a unique ?x= per request,
 *   (b) guests with a unique ?gclid= per request,
 *   (c) guests on random keys under /en/launchpad/{random} (404s: a render each),
 *   (d) traders: a session cookie (a different token per request) on /en/launchpad;
 * beside them the ceiling (a bare node:http server returning the same bytes, before and after
 * the floods) and the uncached render rate (/en/earning/savings with a unique ?coin=, a page
 * parameter, so each request is a full render of a real page). Then the resident memory of the
 * server after all floods. Exits non-zero when a budget in bench/budgets.json (`flood`) is missed.
 *
 * Options (environment): FLOOD_SECONDS (20), FLOOD_AFTER_SECONDS (10), BENCH_CONNECTIONS (32),
 * BENCH_WARMUP_SECONDS (2), BENCH_SKIP_BUILD=1, WEB_CONCURRENCY (passed to the server).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { readBudgets } from './lib/budgets.ts';
import { writeResults } from './lib/results.ts';
import { treeRssMb } from './lib/site-urls.ts';

const budgets = readBudgets().flood;
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const AFTER_SECONDS = Number(process.env.FLOOD_AFTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PLAIN = '/en/launchpad';

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

const main = async () => {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('build failed');
  }
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
    const raw = Buffer.from(await res.arrayBuffer());
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    const c = await ceilingServer({ raw, br });
    ceiling = c.server;
    const guest = { 'user-agent': UA, 'accept-encoding': 'br' };
    const trader = { ...guest, cookie: 'b_t_c_k_test1=flood-[<id>]' };
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
    const floods: { name: string; flood: Load; after: Load }[] = [];
    for (const [name, label, url, headers] of [
      ['a', '(a) guests, unique ?x=', `${PLAIN}?x=[<id>]`, guest],
      ['b', '(b) guests, unique ?gclid=', `${PLAIN}?gclid=[<id>]`, guest],
      ['c', '(c) guests, random keys (404)', `${PLAIN}/r-[<id>]`, guest],
      ['d', '(d) traders, a token each', PLAIN, trader],
    ] as const) {
      const flood = await autocannon(
        label,
        `${siteOrigin}${url}`,
        headers,
        FLOOD_SECONDS,
      );
      const after = await autocannon(
        `    then guests on ${PLAIN}`,
        `${siteOrigin}${PLAIN}`,
        guest,
        AFTER_SECONDS,
      );
      floods.push({ name, flood, after });
    }
    const rssAfter = await treeRssMb(pid);
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
    console.log(line(ceilingAfter, top));
    console.log(
      `server RSS: ${rssStart.toFixed(0)} MB at start, ${rssAfter.toFixed(0)} MB after all floods (${workers} worker${workers === 1 ? '' : 's'}, no shared cache: each worker renders each page once per cache lifetime)`,
    );

    const checks: [boolean, string][] = [];
    for (const { name, flood, after } of floods) {
      if (name === 'c')
        checks.push([
          flood.rps >= uncached.rps * budgets.notFoundOverUncachedMin,
          `(c) ${flood.rps.toFixed(0)} req/s ≥ ${budgets.notFoundOverUncachedMin} × the uncached render rate (${uncached.rps.toFixed(0)})`,
        ]);
      else
        checks.push([
          flood.rps / top >= budgets.floodRatioMin,
          `(${name}) ratio ${(flood.rps / top).toFixed(3)} ≥ ${budgets.floodRatioMin}`,
        ]);
      checks.push([
        after.rps / top >= budgets.afterRatioMin,
        `guests after (${name}): ratio ${(after.rps / top).toFixed(3)} ≥ ${budgets.afterRatioMin}`,
      ]);
      checks.push([
        after.p99 <= budgets.afterP99MaxMs,
        `guests after (${name}): p99 ${after.p99} ms ≤ ${budgets.afterP99MaxMs} ms`,
      ]);
    }
    for (const load of [
      uncached,
      plainBefore,
      ...floods.flatMap((f) => [f.flood, f.after]),
    ])
      checks.push([
        load.errors === 0 && load.timeouts === 0,
        `${load.label.trim()}: ${load.errors} errors, ${load.timeouts} timeouts`,
      ]);
    for (const { name, flood, after } of floods) {
      // (c) is 404s by design; every other answer is a page
      if (name !== 'c')
        checks.push([flood.non2xx === 0, `(${name}) non-2xx ${flood.non2xx}`]);
      checks.push([
        after.non2xx === 0,
        `after (${name}) non-2xx ${after.non2xx}`,
      ]);
    }
    checks.push([
      rssAfter <= budgets.rssAfterMaxMb,
      `RSS after all floods ${rssAfter.toFixed(0)} MB ≤ ${budgets.rssAfterMaxMb} MB`,
    ]);
    writeResults('flood.json', {
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
