/**
 * "Pages rendered twice for one cache lifetime" (issues 23 and 25): a fixed set of distinct pages,
 * each asked K times at once, and the renders the servers counted meanwhile — the sum of
 * `page_render_duration_seconds_count` over every process's /metrics (scripts/lib/metrics.ts
 * counts a page answered without the page cache's x-cache: a render; hits and coalesced waiters
 * carry x-cache and are not counted). Duplicate renders = renders − distinct pages.
 */
import { parsePrometheusText } from '../../tests/helpers/prometheus.ts';

const RENDERS = 'page_render_duration_seconds_count';

/** The renders a Prometheus text exposition counts (all routes and kinds). */
export const rendersIn = (exposition: string): number =>
  parsePrometheusText(exposition)
    .filter((sample) => sample.name === RENDERS)
    .reduce((sum, sample) => sum + sample.value, 0);

/** The renders counted by every metrics endpoint, summed. */
export const rendersCounted = async (
  metricsUrls: readonly string[],
): Promise<number> => {
  let total = 0;
  for (const url of metricsUrls) {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    total += rendersIn(await res.text());
  }
  return total;
};

export type PageDrive = {
  pages: number;
  asksPerPage: number;
  requests: number;
  /** Answers other than 200 (and failed requests), by status ("error" for a failed request). */
  notOk: Record<string, number>;
  seconds: number;
};

/**
 * Asks each path `asks` times at once, `parallelPages` paths at a time; bounded in count (the
 * paths × asks) and in time (`timeoutMs` for the whole drive; each request 10 s at most).
 */
export const drivePages = async (options: {
  origin: string;
  paths: readonly string[];
  asks: number;
  parallelPages: number;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<PageDrive> => {
  const started = performance.now();
  const deadline = Date.now() + options.timeoutMs;
  const notOk: Record<string, number> = {};
  let requests = 0;
  const count = (what: string) => (notOk[what] = (notOk[what] ?? 0) + 1);
  const ask = async (p: string) => {
    requests++;
    try {
      const res = await fetch(`${options.origin}${p}`, {
        headers: options.headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) count(String(res.status));
    } catch {
      count('error');
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < options.paths.length) {
      if (Date.now() > deadline)
        throw new Error(
          `the page drive took longer than ${options.timeoutMs} ms`,
        );
      const p = options.paths[next++] ?? '';
      await Promise.all(Array.from({ length: options.asks }, () => ask(p)));
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.parallelPages) }, lane),
  );
  return {
    pages: options.paths.length,
    asksPerPage: options.asks,
    requests,
    notOk,
    seconds: (performance.now() - started) / 1000,
  };
};

/** Renders beyond one per distinct page. */
export const duplicateRenders = (renders: number, pages: number): number =>
  Math.max(0, renders - pages);
