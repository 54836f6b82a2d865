/**
 * npm run bench:alloc — what an uncached render costs the garbage collector, in figures the
 * machine's neighbours cannot move: the production build with the page cache off and V8's
 * `--trace-gc-nvp`, autocannon on each page (32 connections, 10 s after 3 s of warm-up), and
 * per request the bytes allocated, the bytes promoted to the old generation (garbage that a
 * full collection must find) and the main thread's GC pauses. Throughput and CPU time on this
 * shared machine swing by half between runs of the same build; allocation does not, so a change
 * meant to make renders cheaper is read here first (decision 0014). Writes
 * bench/results/alloc.json. No budget: the budgets are `npm run bench`'s.
 *
 * Options (environment): BENCH_SKIP_BUILD=1 (reuse the last build), BENCH_SECONDS (10).
 */
import { startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA as UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { runAutocannon } from './lib/autocannon.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import { writeResults } from './lib/results.ts';
import { benchPages } from './lib/site-urls.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** One collection as `--trace-gc-nvp` prints it: `key=value` pairs after the timestamp. */
type Collection = {
  kind: string;
  allocated: number;
  promoted: number;
  pause: number;
};

const parseCollection = (line: string): Collection | undefined => {
  if (!line.includes(' gc=')) return undefined;
  const fields = new Map<string, string>();
  for (const word of line.split(' ')) {
    const at = word.indexOf('=');
    if (at > 0) fields.set(word.slice(0, at), word.slice(at + 1));
  }
  const number = (key: string) => Number(fields.get(key) ?? 0) || 0;
  return {
    kind: fields.get('gc') ?? '?',
    allocated: number('allocated'),
    promoted: number('promoted'),
    pause: number('pause'),
  };
};

const main = async () => {
  buildUnlessSkipped();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    port,
    siteOrigin: origin,
    env: { PAGE_CACHE: 'off' },
    nodeArgs: ['--trace-gc-nvp'],
  });
  try {
    let collections: Collection[] = [];
    let pending = '';
    stack.server.child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const collection = parseCollection(line);
        if (collection) collections.push(collection);
      }
    });

    const pages = await benchPages(stack.sandbox.url);
    const headers = { 'user-agent': UA, 'accept-encoding': 'br' };
    const rows = [];
    console.log(
      `\nbench:alloc — uncached renders (PAGE_CACHE=off), 32 connections, ${SECONDS} s each, per request:\n`,
    );
    console.log(
      `${'page'.padEnd(34)} ${'req/s'.padStart(7)} ${'allocated'.padStart(10)} ${'promoted'.padStart(9)} ${'GC pause'.padStart(9)}  collections`,
    );
    for (const page of pages) {
      await runAutocannon({
        url: `${origin}${page}`,
        connections: 32,
        seconds: 3,
        headers,
      });
      collections = [];
      const load = await runAutocannon({
        url: `${origin}${page}`,
        connections: 32,
        seconds: SECONDS,
        headers,
      });
      const requests = load.requests.total;
      if (requests === 0 || load.errors + load.non2xx > 0)
        throw new Error(
          `${page}: ${load.errors} errors, ${load.non2xx} not 2xx`,
        );
      const sum = (key: 'allocated' | 'promoted' | 'pause') =>
        collections.reduce((total, c) => total + c[key], 0);
      const kinds: Record<string, number> = {};
      for (const c of collections) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
      const row = {
        page,
        rps: load.requests.average,
        allocatedKb: sum('allocated') / requests / 1024,
        promotedKb: sum('promoted') / requests / 1024,
        pauseMs: sum('pause') / requests,
        collections: kinds,
      };
      rows.push(row);
      console.log(
        `${page.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} ${`${row.allocatedKb.toFixed(0)} KB`.padStart(10)} ${`${row.promotedKb.toFixed(0)} KB`.padStart(9)} ${`${row.pauseMs.toFixed(3)} ms`.padStart(9)}  ${Object.entries(
          kinds,
        )
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
    }
    console.log(
      '\n(collections: s = scavenge of the young generation, mc = full mark-compact)',
    );
    writeResults('alloc.json', {
      at: new Date().toISOString(),
      seconds: SECONDS,
      rows,
    });
  } finally {
    await stack.stop();
  }
};

await main();
