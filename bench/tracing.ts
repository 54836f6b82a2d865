/**
 * npm run bench:tracing — what OpenTelemetry tracing costs (issue 43 item 4), as ratios of one
 * run: two production servers of the same build, each with its own sandbox, one with tracing on
 * (OTEL_EXPORTER_OTLP_ENDPOINT at an OTLP receiver on loopback in this process, the SDK's
 * default batching) and one with tracing off, asked in turn for the same page with autocannon,
 * off/on/off/on …, so the machine's neighbours move both alike:
 * - uncached: /en/launchpad rendered on every request (PAGE_CACHE=off), 8 connections (the render
 *   limit's concurrency): a server span, a render span, and a client span for each API call;
 * - cached: /en/launchpad answered from the page cache's fast path, 32 connections: a server
 *   span per request.
 * The figure is the median of the rounds' on/off req/s ratios; the budget lines are
 * `tracing.uncachedOnOverOffMin` and `tracing.cachedOnOverOffMin` in bench/budgets.json. Every
 * load is bounded in time (autocannon's duration, killed 30 s past it) and stays on loopback.
 * Writes bench/results/tracing.json; exits non-zero when a budget is missed or the receiver got
 * no spans (tracing on must really trace).
 *
 * Options (environment): BENCH_SKIP_BUILD=1 (reuse the last build), BENCH_SECONDS (5 per round),
 * BENCH_ROUNDS (5), BENCH_SCENARIOS (`uncached,cached`). The OTEL_* variables of the environment
 * reach the traced server (OTEL_TRACES_SAMPLER=always_off: the wrappers' cost without recording).
 */
import { startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA as UA } from '../tests/helpers/chromium.ts';
import { startOtlpReceiver } from '../tests/helpers/otlp-receiver.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { readBudgets } from './lib/budgets.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import { writeResults } from './lib/results.ts';

const SECONDS = Math.min(60, Number(process.env.BENCH_SECONDS ?? 5));
const ROUNDS = Math.min(15, Number(process.env.BENCH_ROUNDS ?? 5));
const PAGE = '/en/launchpad';
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'uncached,cached').split(',');

type Stack = Awaited<ReturnType<typeof startStack>>;

const startSite = async (env: NodeJS.ProcessEnv) => {
  const port = await freePort();
  return startStack({ port, siteOrigin: `http://127.0.0.1:${port}`, env });
};

const originOf = (stack: Stack) =>
  stack.server.url.replace('localhost', '127.0.0.1');

const load = async (stack: Stack, connections: number) => {
  const result = await runAutocannon({
    url: `${originOf(stack)}${PAGE}`,
    connections,
    seconds: SECONDS,
    headers: { 'user-agent': UA, 'accept-encoding': 'br' },
  });
  if (result.errors + result.non2xx + result.timeouts > 0)
    throw new Error(
      `${PAGE}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx`,
    );
  return result.requests.average;
};

/**
 * Off and on in turn, ROUNDS times, after one warm-up each: the mean req/s per side, and the
 * median of the rounds' on/off ratios (one burst of a neighbour moves one round, not the figure).
 */
const alternate = async (off: Stack, on: Stack, connections: number) => {
  await load(off, connections);
  await load(on, connections);
  const offs: number[] = [];
  const ons: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    offs.push(await load(off, connections));
    ons.push(await load(on, connections));
  }
  const ratios = offs.map((o, i) => (ons[i] ?? 0) / o).sort((a, b) => a - b);
  const mid = Math.floor(ratios.length / 2);
  const median =
    ratios.length % 2 === 1
      ? (ratios[mid] ?? 0)
      : ((ratios[mid - 1] ?? 0) + (ratios[mid] ?? 0)) / 2;
  const mean = (list: number[]) =>
    list.reduce((a, b) => a + b, 0) / list.length;
  return { offRps: mean(offs), onRps: mean(ons), ratio: median, ratios };
};

const main = async () => {
  buildUnlessSkipped();
  const budgets = readBudgets().tracing;
  const receiver = await startOtlpReceiver({ decode: false });
  const tracingOn = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
  const running: Stack[] = [];
  const rows: {
    scenario: string;
    connections: number;
    offRps: number;
    onRps: number;
    ratio: number;
    ratios: number[];
  }[] = [];
  try {
    // uncached at the render limit's concurrency (RENDER_CONCURRENCY, 8: none waits in line or
    // is refused), cached at 32 connections
    for (const [scenario, env, connections] of [
      ['uncached', { PAGE_CACHE: 'off' }, 8],
      ['cached', {}, 32],
    ] as const) {
      if (!SCENARIOS.includes(scenario)) continue;
      const off = await startSite(env);
      running.push(off);
      const on = await startSite({ ...env, ...tracingOn });
      running.push(on);
      const { offRps, onRps, ratio, ratios } = await alternate(
        off,
        on,
        connections,
      );
      rows.push({ scenario, connections, offRps, onRps, ratio, ratios });
      for (const stack of running.splice(0)) await stack.stop();
    }
  } finally {
    for (const stack of running) await stack.stop();
    await receiver.close();
  }
  console.log(
    `\nbench:tracing — ${PAGE}, ${ROUNDS} rounds of ${SECONDS} s per side\n`,
  );
  console.log(
    `${'scenario'.padEnd(10)} ${'conns'.padStart(5)} ${'off req/s'.padStart(10)} ${'on req/s'.padStart(10)} ${'on/off'.padStart(7)}`,
  );
  for (const r of rows)
    console.log(
      `${r.scenario.padEnd(10)} ${String(r.connections).padStart(5)} ${r.offRps.toFixed(0).padStart(10)} ${r.onRps.toFixed(0).padStart(10)} ${r.ratio.toFixed(3).padStart(7)}`,
    );
  console.log(`OTLP exports received: ${receiver.exports()}`);
  writeResults('tracing.json', {
    at: new Date().toISOString(),
    seconds: SECONDS,
    rounds: ROUNDS,
    page: PAGE,
    exports: receiver.exports(),
    rows,
  });
  const failures: string[] = [];
  if (receiver.exports() === 0)
    failures.push('the OTLP receiver got no export: tracing on did not trace');
  const ratioOf = (scenario: string) =>
    rows.find((r) => r.scenario === scenario)?.ratio ?? 0;
  if (ratioOf('uncached') < budgets.uncachedOnOverOffMin)
    failures.push(
      `uncached on/off ${ratioOf('uncached').toFixed(3)} < ${budgets.uncachedOnOverOffMin}`,
    );
  if (ratioOf('cached') < budgets.cachedOnOverOffMin)
    failures.push(
      `cached on/off ${ratioOf('cached').toFixed(3)} < ${budgets.cachedOnOverOffMin}`,
    );
  for (const failure of failures) console.error(`budget missed: ${failure}`);
  if (failures.length > 0) process.exit(1);
  console.log('tracing budgets met');
};

await main();
