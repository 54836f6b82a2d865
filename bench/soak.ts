/**
 * Soak (issue 9 e, issue 41 point 5): does memory come back after a mixed hostile load ends?
 * Against the production build on loopback:
 *
 * 1. warm-up: every page of the site once, one share image and one API call per locale, so
 *    the modules, the JIT and each code path's first allocations are in; then `--settle`
 *    seconds idle, and the pre-load level: RSS, V8 heap used and external memory (the median
 *    of three samples, read from the server's own Prometheus metrics and /proc);
 * 2. load: `--minutes` of a mix at `--rate` requests a second (bounded in count, rate ×
 *    duration, and in time: stopped at the duration plus a grace): pages in every locale with
 *    random tracking parameters and cache-busters, random keys on keyed routes (404s), random
 *    values of the parameters pages read, share images (known and random keys), the API proxy
 *    with random queries, RSC payloads, random session cookies and languages on `/`;
 * 3. idle: `--idle` seconds without a request, sampling every 10 s; the level after idle (the
 *    median of the last three samples) over the pre-load level must be at most
 *    `soak.memoryAfterIdleOverBeforeMax` (bench/budgets.json) for RSS, heap and external alike.
 *    The default idle outlasts the longest lifetime of anything kept on a timer (the page
 *    cache's TTL and stale window, 10 s + 300 s) and the server's collection once it has been
 *    idle 10 s after the last expiry (decision 0042), so what is left is what leaked. Transport
 *    errors, timeouts and any 5xx but 503 fail the run too: a 503 (with Retry-After) is the
 *    render limit refusing what it cannot take in time (DESIGN decision 10), counted apart.
 *
 * Figures go to bench/results/soak.json. Needs `npm run build` first.
 *
 *   node bench/soak.ts [--minutes 5] [--rate 150] [--idle 360] [--settle 30] [--seed 1]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { LOCALE_CODES } from '../src/i18n/locales.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { parsePrometheusText } from '../tests/helpers/prometheus.ts';
import { writeResults } from './lib/results.ts';
import { siteUrls, treeRssMb } from './lib/site-urls.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '150' },
    idle: { type: 'string', default: '360' },
    settle: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
  },
});
const clamp = (
  raw: string | undefined,
  fallback: number,
  lo: number,
  hi: number,
) => Math.min(Math.max(Number(raw) || fallback, lo), hi);
const minutes = clamp(values.minutes, 5, 1, 30);
const rate = clamp(values.rate, 150, 10, 2000);
const idleS = clamp(values.idle, 360, 30, 900);
const settleS = clamp(values.settle, 30, 10, 300);
const SAMPLE_S = 10;

const budgets = JSON.parse(
  readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8'),
) as { soak: { memoryAfterIdleOverBeforeMax: number } };
const MAX_RATIO = budgets.soak.memoryAfterIdleOverBeforeMax;

/** A small seeded generator (mulberry32), so one seed draws the same mix every run. */
const random = (() => {
  let state = Number(values.seed) >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();
const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
const token = (length = 10) =>
  Array.from({ length }, () =>
    'abcdefghijklmnopqrstuvwxyz0123456789'.charAt(Math.floor(random() * 36)),
  ).join('');

const TRACKING = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'gclid',
  'fbclid',
  'ref',
  '_',
];
const READ_PARAMS = ['coin', 'tab', 'page', 'q', 'category'];
const API_PATHS = [
  '/api/v1/launchpad/projects',
  '/api/v1/savings/products',
  '/api/v1/campaigns',
  '/api/v1/fee-discount/tiers',
  '/api/v1/careers/positions',
  '/api/v1/official-verify',
  '/api/v1/user/info',
];
const LANGUAGES = [
  'de',
  'fr-CA',
  'ja',
  'ko-KR',
  'zh-CN',
  'th',
  'vi',
  'ru',
  'es-419',
  'xx',
];

type Sample = { s: number; rssMb: number; heapMb: number; externalMb: number };

const port = await freePort();
const metricsPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const stack = await startStack({
  port,
  siteOrigin: base,
  env: { METRICS_PORT: String(metricsPort) },
});
const pid = stack.server.child.pid ?? 0;
const started = Date.now();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** RSS of the server process tree (/proc), V8 heap used and external memory (its metrics). */
const sample = async (): Promise<Sample> => {
  const text = await (
    await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  ).text();
  const samples = parsePrometheusText(text);
  const value = (name: string) =>
    samples.find((x) => x.name === name)?.value ?? 0;
  const rssMb = Math.round((await treeRssMb(pid)) * 10) / 10;
  return {
    s: Math.round((Date.now() - started) / 1000),
    rssMb,
    heapMb: mb(value('nodejs_heap_size_used_bytes')),
    externalMb: mb(value('nodejs_external_memory_bytes')),
  };
};
const median = (list: readonly Sample[]): Sample => {
  const of = (key: keyof Omit<Sample, 's'>) => {
    const sorted = list.map((x) => x[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    s: list.at(-1)?.s ?? 0,
    rssMb: of('rssMb'),
    heapMb: of('heapMb'),
    externalMb: of('externalMb'),
  };
};
const log = (phase: string, x: Sample) =>
  console.log(
    `${String(x.s).padStart(5)} s  ${phase.padEnd(7)} RSS ${x.rssMb.toFixed(1)} MB  heap ${x.heapMb.toFixed(1)} MB  external ${x.externalMb.toFixed(1)} MB`,
  );
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Samples every SAMPLE_S for `seconds`, logged under `phase`. */
const idle = async (phase: string, seconds: number, into: Sample[]) => {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await wait(Math.min(SAMPLE_S * 1000, Math.max(0, until - Date.now())));
    const x = await sample();
    into.push(x);
    log(phase, x);
  }
};

let failed = true;
try {
  const pages = await siteUrls(base);
  const keyed = pages.filter((p) => p.split('/').length > 3);
  // warm-up: every page once, eight at a time; the share images the pages name
  const images = new Set<string>();
  for (let i = 0; i < pages.length; i += 8) {
    await Promise.all(
      pages.slice(i, i + 8).map(async (p) => {
        const html = await (await fetch(`${base}${p}`)).text();
        const image = html.match(
          /<meta property="og:image" content="([^"]+)"/,
        )?.[1];
        if (image) images.add(new URL(image, base).pathname);
      }),
    );
  }
  const imagePaths = [...images];
  const keyedImages = imagePaths.filter((p) => p.split('/').length > 4);
  for (const locale of LOCALE_CODES) {
    const image = imagePaths.find((p) => p.startsWith(`/og/${locale}/`));
    if (image) await (await fetch(`${base}${image}`)).arrayBuffer();
    await (
      await fetch(`${base}${pick(API_PATHS)}`, {
        headers: { 'accept-language': locale },
      })
    ).arrayBuffer();
  }
  console.log(
    `${pages.length} pages, ${imagePaths.length} share images; warm-up done, ${settleS} s idle`,
  );
  const samples: Sample[] = [];
  const before: Sample[] = [];
  await idle('settle', settleS, before);
  samples.push(...before);
  const pre = median(before.slice(-3));

  /** One request of the hostile mix. */
  const next = (): { path: string; headers: Record<string, string> } => {
    const roll = random();
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (roll < 0.4) {
      const params = new URLSearchParams();
      for (let n = Math.floor(random() * 3); n >= 0; n--)
        params.set(pick(TRACKING), token());
      if (random() < 0.3) params.set(pick(READ_PARAMS), token(4));
      return { path: `${pick(pages)}?${params.toString()}`, headers };
    }
    if (roll < 0.55) {
      const page = pick(keyed.length > 0 ? keyed : pages);
      return { path: `${page.replace(/\/[^/]+$/, '')}/${token(12)}`, headers };
    }
    if (roll < 0.7) {
      const known = random() < 0.6 || keyedImages.length === 0;
      const image = known
        ? pick(imagePaths)
        : pick(keyedImages).replace(/\/[^/]+\.png$/, `/${token(12)}.png`);
      return { path: image, headers };
    }
    if (roll < 0.82)
      return {
        path: `${pick(API_PATHS)}?${pick(TRACKING)}=${token()}`,
        headers,
      };
    if (roll < 0.9) {
      const route = pick(pages);
      return {
        path: `/RSC/R${route}.txt?query=${encodeURIComponent(`${pick(TRACKING)}=${token()}`)}`,
        headers,
      };
    }
    if (roll < 0.95)
      return {
        path: pick(pages),
        headers: { ...headers, cookie: `b_t_c_k=${token(24)}` },
      };
    return {
      path: '/',
      headers: { ...headers, 'accept-language': pick(LANGUAGES) },
    };
  };

  console.log(
    `load: ${rate} req/s for ${minutes} min (at most ${rate * minutes * 60} requests)`,
  );
  const during: Sample[] = [];
  const sampler = setInterval(() => {
    void sample().then((x) => {
      during.push(x);
      log('load', x);
    });
  }, SAMPLE_S * 1000);
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: 16,
        overallRate: rate,
        duration: minutes * 60,
        maxOverallRequests: rate * minutes * 60,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const { path: p, headers } = next();
              return {
                ...request,
                method: 'GET',
                path: p,
                headers: { ...request.headers, ...headers },
              };
            },
          },
        ],
      },
      (error: unknown, result) =>
        error
          ? reject(
              error instanceof Error ? error : new Error('autocannon failed'),
            )
          : resolve(result),
    );
  });
  const statuses = new Map<number, number>();
  instance?.on('response', (_client, status) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  // bounded in count (maxOverallRequests) and in time (the duration; this guard stops it a
  // minute past that should it not end on its own)
  const guard = setTimeout(() => instance?.stop(), (minutes * 60 + 60) * 1000);
  const result = await finished;
  clearTimeout(guard);
  clearInterval(sampler);
  samples.push(...during);

  const after: Sample[] = [];
  await idle('idle', idleS, after);
  samples.push(...after);
  const post = median(after.slice(-3));
  const ratio = (key: 'rssMb' | 'heapMb' | 'externalMb') =>
    Math.round((post[key] / Math.max(pre[key], 0.1)) * 1000) / 1000;
  const ratios = {
    rss: ratio('rssMb'),
    heap: ratio('heapMb'),
    external: ratio('externalMb'),
  };
  const peak = (key: 'rssMb' | 'heapMb' | 'externalMb') =>
    Math.max(...samples.map((x) => x[key]));
  const figures = {
    date: new Date().toISOString(),
    minutes,
    rate,
    idleS,
    settleS,
    seed: Number(values.seed),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    status2xx: result['2xx'],
    status3xx: result['3xx'],
    status4xx: result['4xx'],
    status5xx: result['5xx'],
    status503: statuses.get(503) ?? 0,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    latencyP99Ms: result.latency.p99,
    before: pre,
    peak: {
      rssMb: peak('rssMb'),
      heapMb: peak('heapMb'),
      externalMb: peak('externalMb'),
    },
    afterIdle: post,
    ratios,
    budget: MAX_RATIO,
    samples,
  };
  writeResults('soak.json', figures);
  const over = Object.entries(ratios).filter(([, r]) => r > MAX_RATIO);
  failed =
    over.length > 0 ||
    figures.errors > 0 ||
    figures.timeouts > 0 ||
    figures.status5xx > figures.status503;
  console.log(
    `${result.requests.total} requests (${figures.status2xx} 2xx, ${figures.status3xx} 3xx, ${figures.status4xx} 4xx, ${figures.status5xx} 5xx of which ${figures.status503} 503), ${figures.errors} errors, ${figures.timeouts} timeouts, p99 ${figures.latencyP99Ms} ms`,
  );
  console.log(
    `before load: RSS ${pre.rssMb} MB, heap ${pre.heapMb} MB, external ${pre.externalMb} MB; peak RSS ${figures.peak.rssMb} MB; after ${idleS} s idle: RSS ${post.rssMb} MB (×${ratios.rss}), heap ${post.heapMb} MB (×${ratios.heap}), external ${post.externalMb} MB (×${ratios.external}); budget ×${MAX_RATIO}`,
  );
  console.log(failed ? 'SOAK FAILED' : 'soak ok');
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
