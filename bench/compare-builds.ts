/**
 * node bench/compare-builds.ts <checkout> … — uncached renders of one page by several builds of the
 * site side by side, and by the bare Waku app with the same list (bench/framework-floor), in
 * alternating rounds of one run against one sandbox: requests a second, p99 and the server's CPU
 * time a request (read from /proc, so a busy neighbour moves it less than throughput). Each
 * checkout is a clone of this repository with its own `npm run build` (`.` for this one), for
 * example a variant of a hot-path choice against the code as it is (decision 0043). No budget:
 * the budgets are `npm run bench`'s.
 *
 * Options (environment): BENCH_PAGE (/en/launchpad), BENCH_ROUNDS (5), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (32).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

import { startSandbox, startServer } from '../scripts/lib/processes.ts';
import { PERSON_UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { runAutocannon } from './lib/autocannon.ts';
import * as frameworkFloor from './lib/framework-floor.ts';

const PAGE = process.env.BENCH_PAGE ?? '/en/launchpad';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const FLOOR = 'bare Waku';
const HEADERS = { 'user-agent': PERSON_UA, 'accept-encoding': 'br' };

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, 100 ticks/s). */
const cpuMs = (pid: number): number => {
  const fields = (
    readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? ''
  ).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

type Round = { rps: number; p99: number; failed: number; cpuMs: number };

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const measure = async (url: string, pid: number): Promise<Round> => {
  if (WARMUP_SECONDS > 0)
    await runAutocannon({
      url,
      connections: CONNECTIONS,
      seconds: WARMUP_SECONDS,
      headers: HEADERS,
    });
  const before = cpuMs(pid);
  const r = await runAutocannon({
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: HEADERS,
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    failed: r.errors + r.timeouts + r.non2xx,
    cpuMs: (cpuMs(pid) - before) / Math.max(r.requests.total, 1),
  };
};

const main = async () => {
  const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
  if (checkouts.length === 0)
    throw new Error('usage: node bench/compare-builds.ts <checkout> …');
  frameworkFloor.buildFrameworkFloor();
  const dir = mkdtempSync(path.join(tmpdir(), 'compare-builds-'));
  const running: { stop: () => Promise<void> }[] = [];
  try {
    const sandboxOrigin = `http://127.0.0.1:${await freePort()}`;
    const sandbox = await startSandbox({
      siteOrigin: sandboxOrigin,
      dataFile: path.join(dir, 'state.json'),
      quiet: true,
    });
    running.push(sandbox);
    const targets: { label: string; url: string; pid: number }[] = [];
    for (const checkout of checkouts) {
      const port = await freePort();
      const server = await startServer({
        port,
        apiOrigin: sandbox.url,
        siteOrigin: `http://127.0.0.1:${port}`,
        env: { PAGE_CACHE: 'off' },
        quiet: true,
        cwd: checkout,
      });
      running.push(server);
      const label = path.basename(checkout);
      const url = `${server.url}${PAGE}`;
      const page = Buffer.from(
        await (
          await fetch(url, { headers: { 'user-agent': PERSON_UA } })
        ).arrayBuffer(),
      );
      console.log(
        `${label}: ${PAGE} ${page.byteLength} B of HTML, ${brotliCompressSync(page).byteLength} B brotli`,
      );
      targets.push({ label, url, pid: server.child.pid ?? 0 });
    }
    const floor = await frameworkFloor.startFrameworkFloor(
      await freePort(),
      sandbox.url,
    );
    running.push(floor);
    targets.push({
      label: FLOOR,
      url: `${floor.url}/en/launchpad`,
      pid: floor.child.pid ?? 0,
    });

    const rounds = new Map<string, Round[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      // alternating order: no build always runs right after the same neighbour
      for (const t of round % 2 ? targets : [...targets].reverse()) {
        const r = await measure(t.url, t.pid);
        rounds.set(t.label, [...(rounds.get(t.label) ?? []), r]);
        console.log(
          `round ${round} ${t.label}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, CPU ${r.cpuMs.toFixed(2)} ms a request, ${r.failed} failed`,
        );
      }
    }
    const floorRounds = rounds.get(FLOOR) ?? [];
    const floorRps = median(floorRounds.map((r) => r.rps));
    const floorCpu = median(floorRounds.map((r) => r.cpuMs));
    console.log(
      `\nmedians of ${ROUNDS} rounds, autocannon -c ${CONNECTIONS} -d ${SECONDS} after ${WARMUP_SECONDS} s of warm-up, PAGE_CACHE=off:`,
    );
    for (const [label, rs] of rounds) {
      const rps = median(rs.map((r) => r.rps));
      const cpu = median(rs.map((r) => r.cpuMs));
      console.log(
        `${label.padEnd(24)} ${rps.toFixed(0).padStart(5)} req/s (${(rps / floorRps).toFixed(2)}× ${FLOOR}), p99 ${median(rs.map((r) => r.p99))} ms, CPU ${cpu.toFixed(2)} ms a request (${(cpu / floorCpu).toFixed(2)}× ${FLOOR}'s)`,
      );
    }
  } finally {
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.main) await main();
