/**
 * npm run bench:profile — where the server's CPU goes while it renders pages uncached: the
 * production build under `--cpu-prof`, the page cache off, autocannon on one
 * page; the samples taken while the load ran are traced to the modules the bundles inlined and summed by
 * owner (React DOM's HTML renderer, Flight, Waku, Hono, our code, Node's zlib on the main
 * thread, the garbage collector). Prints the table and writes bench/results/profile.json.
 *
 * Options (environment): PROFILE_PAGE (/en/launchpad), PROFILE_SECONDS (10),
 * BENCH_CONNECTIONS (32), BENCH_SKIP_BUILD=1 (reuse the last build).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA as UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import { ownerOf, summarize, type Sample } from './lib/profile-owners.ts';
import { writeResults } from './lib/results.ts';

const PAGE = process.env.PROFILE_PAGE ?? '/en/launchpad';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

type CallFrame = {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
};
type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** Monotonic microseconds, the clock V8's profiler stamps its samples with. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The bundles name each module they inline in a comment line (`// node_modules/react-dom/…`,
 * `// src/middleware/…`) before its code: the source of a line is the last such name above it.
 */
const regions = new Map<string, { line: number; source: string }[]>();
const regionsOf = (file: string) => {
  let table = regions.get(file);
  if (!table) {
    table = [];
    try {
      const lines = readFileSync(file, 'utf8').split('\n');
      for (let i = 0; i < lines.length; i++) {
        const found = /^\/\/ ((?:node_modules|src|scripts)\/\S+)$/.exec(
          lines[i] ?? '',
        );
        if (found?.[1]) table.push({ line: i, source: found[1] });
      }
    } catch {
      // a file that cannot be read is named as it is
    }
    regions.set(file, table);
  }
  return table;
};

/** The source a frame's code came from: its module inside a bundle, or its URL. */
const sourceOf = (frame: CallFrame): string => {
  if (!frame.url.startsWith('file://')) return frame.url;
  const file = fileURLToPath(frame.url);
  let source = path.relative(ROOT, file);
  for (const region of regionsOf(file)) {
    if (region.line > frame.lineNumber) break;
    source = region.source;
  }
  return source;
};

const main = async () => {
  buildUnlessSkipped();
  const profileDir = mkdtempSync(path.join(tmpdir(), 'exchange-profile-'));
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const stack = await startStack({
      port,
      siteOrigin: origin,
      env: {
        PAGE_CACHE: 'off',
        SHUTDOWN_DRAIN_MS: '0',
        NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
      },
    });
    let window: { from: number; to: number };
    let load: Awaited<ReturnType<typeof runAutocannon>>;
    try {
      const headers = { 'user-agent': UA, 'accept-encoding': 'br' };
      await runAutocannon({
        url: `${origin}${PAGE}`,
        connections: CONNECTIONS,
        seconds: 2,
        headers,
      });
      const from = nowMicros();
      load = await runAutocannon({
        url: `${origin}${PAGE}`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
      });
      window = { from, to: nowMicros() };
    } finally {
      await stack.stop();
    }
    const files = readdirSync(profileDir).filter((f) =>
      f.endsWith('.cpuprofile'),
    );
    // the server process is the one with the most samples in the window (the sandbox has none:
    // it runs without NODE_OPTIONS)
    let best: Sample[] = [];
    for (const file of files) {
      const profile = JSON.parse(
        readFileSync(path.join(profileDir, file), 'utf8'),
      ) as CpuProfile;
      const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
      const samples: Sample[] = [];
      let at = profile.startTime;
      for (let i = 0; i < profile.samples.length; i++) {
        const previous = at;
        at += profile.timeDeltas[i] ?? 0;
        if (at < window.from || at > window.to) continue;
        const frame = frames.get(profile.samples[i] ?? -1);
        if (!frame) continue;
        const source = sourceOf(frame);
        samples.push({
          micros: at - previous,
          owner: ownerOf(frame.functionName, source),
          functionName: frame.functionName,
          source,
        });
      }
      if (samples.length > best.length) best = samples;
    }
    if (best.length === 0)
      throw new Error(`no CPU profile samples in ${profileDir}`);
    const summary = summarize(best);
    console.log(
      `\nbench:profile — ${PAGE} uncached (PAGE_CACHE=off), ${CONNECTIONS} connections, ${SECONDS} s: ${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms\nself time while the load ran (${(summary.busyMicros / 1000).toFixed(0)} ms busy, ${(summary.idleMicros / 1000).toFixed(0)} ms idle), by owner, share of busy time:\n`,
    );
    for (const row of summary.owners)
      console.log(
        `${row.owner.padEnd(40)} ${(row.micros / 1000).toFixed(0).padStart(7)} ms  ${(row.share * 100).toFixed(1).padStart(5)}%`,
      );
    console.log('\nours, by module (top 12):');
    for (const row of summary.oursByModule.slice(0, 12))
      console.log(
        `  ${row.source.padEnd(54)} ${(row.share * 100).toFixed(2).padStart(6)}%`,
      );
    console.log(
      `\nframework (React, Waku, Hono) ${(summary.groups.framework * 100).toFixed(1)}%, ours ${(summary.groups.ours * 100).toFixed(1)}%, zlib on the main thread ${(summary.groups.zlibMainThread * 100).toFixed(1)}%`,
    );
    console.log('\nzlib on the main thread, by function:');
    for (const row of summary.zlibFunctions)
      console.log(
        `  ${row.functionName.padEnd(38)} ${(row.share * 100).toFixed(2).padStart(6)}%`,
      );
    writeResults('profile.json', {
      page: PAGE,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rps: load.requests.average,
      p99: load.latency.p99,
      ...summary,
    });
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
};

await main();
