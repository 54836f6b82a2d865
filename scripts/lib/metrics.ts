/**
 * Prometheus metrics of a server process (issue 25 item 4), with prom-client:
 * - `http_requests_total{route,kind,status,cache}`: every answer, guest-cache fast-path hits
 *   included, by route id of the table (or `static`, `api`, `health`, `unmatched`), kind
 *   (document, rsc, static, api, health, other), status class and the `x-cache` result;
 * - `page_render_duration_seconds{route,kind}`: pages that were rendered (not answered from the
 *   cache: a page without x-cache counts as a `miss`, or a `bypass` when the cache never keeps
 *   it), from request to the last byte;
 * - `api_call_duration_seconds{endpoint,method,outcome}` and `api_call_failures_total{…}`: each
 *   attempt of the server-side request client (src/lib/http/client.ts via observe.ts);
 * - prom-client's default metrics: RSS, heap, event-loop lag, GC, handles.
 * Every label is bounded: route ids come from the route table, and endpoints are templated
 * (`/api/v1/launchpad/projects/:param`) and capped in number.
 *
 * The registry is prom-client's global one, so that under WEB_CONCURRENCY the primary's
 * AggregatorRegistry sums the workers' metrics into one answer.
 */
import cluster from 'node:cluster';
import type { IncomingMessage, OutgoingHttpHeaders, Server } from 'node:http';

import client from 'prom-client';

import { localeFromPath } from '../../src/i18n/locales.ts';
import { setApiCallObserver } from '../../src/lib/http/observe.ts';
import { navigationPath } from '../../src/lib/navigation-path.ts';
import { matchRoute } from '../../src/routes.ts';

export type RequestKind =
  'document' | 'rsc' | 'static' | 'api' | 'health' | 'other';

/** The route id and kind of a request path, from a bounded set. */
export const classify = (
  pathname: string,
): { route: string; kind: RequestKind } => {
  if (pathname === '/healthz' || pathname === '/readyz')
    return { route: 'health', kind: 'health' };
  if (pathname.startsWith('/api/') || pathname.startsWith('/builds/meta/'))
    return { route: 'api', kind: 'api' };
  const page = navigationPath(pathname);
  const kind = pathname.startsWith('/RSC/') ? 'rsc' : 'document';
  if (page !== undefined) {
    const locale = localeFromPath(page);
    const found = matchRoute(
      locale === undefined ? page : page.slice(locale.length + 1),
    );
    if (found) return { route: found.route.id, kind };
  }
  if (/\.[a-z0-9]+$/i.test(pathname))
    return { route: 'static', kind: 'static' };
  return { route: 'unmatched', kind: 'other' };
};

/**
 * A page answered without x-cache was rendered: a `bypass` when the page cache never keeps it
 * (not GET or HEAD, or a token cookie present), else a `miss`.
 */
export const pageCacheResult = (
  kind: RequestKind,
  cache: string,
  req: IncomingMessage,
): string => {
  if (cache !== 'none' || (kind !== 'document' && kind !== 'rsc')) return cache;
  const cookie = req.headers.cookie ?? '';
  return (req.method !== 'GET' && req.method !== 'HEAD') ||
    /(?:^|;)\s*b_t_c_k/.test(cookie)
    ? 'bypass'
    : 'miss';
};

const CACHE_RESULTS = new Set([
  'hit',
  'miss',
  'stale',
  'bypass',
  'expired',
  'updating',
  'revalidated',
]);

/** The x-cache header as a bounded label: `none` without one, `other` for anything unknown. */
export const cacheResult = (value: unknown): string => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return 'none';
  if (typeof first !== 'string' && typeof first !== 'number') return 'other';
  const text = String(first).trim().toLowerCase();
  return CACHE_RESULTS.has(text) ? text : 'other';
};

export const statusClass = (status: number) =>
  status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';

const MAX_ENDPOINTS = 64;

/**
 * The endpoint label of an API path: resource words stay up to the fourth segment
 * (`/api/v1/launchpad/projects`), anything else (an id, a code, a name) becomes `:param`; past
 * MAX_ENDPOINTS distinct labels, `other`.
 */
export const endpointTemplate = (path: string): string => {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname
    .split('/')
    .map((segment, i) =>
      i === 0 ||
      (i <= 4 && /^[a-z][a-z-]{0,39}$/.test(segment)) ||
      /^v\d$/.test(segment)
        ? segment
        : ':param',
    )
    .join('/');
};

const created = () => {
  const register = client.register;
  client.collectDefaultMetrics({ register });
  // a worker answers its primary's requests for metrics only once an AggregatorRegistry exists
  // in it (prom-client adds its IPC listener in the constructor)
  if (cluster.isWorker) new client.AggregatorRegistry();
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Answers by route id, kind, status class and x-cache result',
    labelNames: ['route', 'kind', 'status', 'cache'] as const,
    registers: [register],
  });
  const renders = new client.Histogram({
    name: 'page_render_duration_seconds',
    help: 'Pages answered by a render (not from the cache), request to last byte',
    labelNames: ['route', 'kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const apiCalls = new client.Histogram({
    name: 'api_call_duration_seconds',
    help: 'Attempts of the server-side API client by endpoint, method and outcome',
    labelNames: ['endpoint', 'method', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [register],
  });
  const apiFailures = new client.Counter({
    name: 'api_call_failures_total',
    help: 'Failed attempts of the server-side API client by endpoint, method and outcome',
    labelNames: ['endpoint', 'method', 'outcome'] as const,
    registers: [register],
  });
  const endpoints = new Set<string>();
  const endpointLabel = (path: string) => {
    const template = endpointTemplate(path);
    if (endpoints.has(template)) return template;
    if (endpoints.size >= MAX_ENDPOINTS) return 'other';
    endpoints.add(template);
    return template;
  };
  setApiCallObserver(({ method, path, seconds, outcome }) => {
    const labels = { endpoint: endpointLabel(path), method, outcome };
    apiCalls.observe(labels, seconds);
    if (outcome !== 'ok') apiFailures.inc(labels);
  });
  return { register, requests, renders };
};

let metrics: ReturnType<typeof created> | undefined;
/** The process's metrics, created once. */
export const processMetrics = () => (metrics ??= created());

/** The x-cache value among the headers a response is written with (any form writeHead takes). */
export const xCacheOf = (headers: unknown): unknown => {
  if (Array.isArray(headers)) {
    if (headers.length > 0 && Array.isArray(headers[0])) {
      const pair = (headers as unknown[][]).find(
        (h) => String(h[0]).toLowerCase() === 'x-cache',
      );
      return pair?.[1];
    }
    for (let i = 0; i + 1 < headers.length; i += 2)
      if (String(headers[i]).toLowerCase() === 'x-cache') return headers[i + 1];
    return undefined;
  }
  if (headers && typeof headers === 'object') {
    const record = headers as OutgoingHttpHeaders;
    for (const name of Object.keys(record))
      if (name.toLowerCase() === 'x-cache') return record[name];
  }
  return undefined;
};

/**
 * Counts every answer of a node:http server, before any other listener runs (the guest cache's
 * fast path answers hits in the first one). The x-cache value is read from what writeHead gets,
 * since headers passed there are not kept for getHeader.
 */
export const instrument = (server: Server) => {
  const { requests, renders } = processMetrics();
  server.prependListener('request', (req: IncomingMessage, res) => {
    const started = performance.now();
    let xCache: unknown;
    const writeHead = res.writeHead.bind(res) as (
      ...args: unknown[]
    ) => typeof res;
    res.writeHead = (...args: unknown[]) => {
      xCache = xCacheOf(args.find((a, i) => i > 0 && typeof a === 'object'));
      return writeHead(...args);
    };
    res.once('finish', () => {
      const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
      const { route, kind } = classify(pathname);
      const cache = pageCacheResult(
        kind,
        cacheResult(xCache ?? res.getHeader('x-cache')),
        req,
      );
      requests.inc({
        route,
        kind,
        status: statusClass(res.statusCode),
        cache,
      });
      if (
        (kind === 'document' || kind === 'rsc') &&
        (cache === 'miss' || cache === 'bypass')
      )
        renders.observe({ route, kind }, (performance.now() - started) / 1000);
    });
  });
};

/**
 * The metrics endpoint on its own listener (METRICS_PORT, on METRICS_HOST: loopback unless
 * configured), never on the site's port. Under a cluster the primary serves the sum of its
 * workers' metrics (prom-client's AggregatorRegistry asks each worker over IPC).
 */
export const serveMetrics = async (options: {
  port: number;
  host: string;
  cluster: boolean;
}): Promise<Server> => {
  const { createServer } = await import('node:http');
  const aggregator = options.cluster
    ? new client.AggregatorRegistry()
    : undefined;
  const collect = async () =>
    aggregator
      ? {
          type: aggregator.contentType,
          body: await aggregator.clusterMetrics(),
        }
      : {
          type: processMetrics().register.contentType,
          body: await processMetrics().register.metrics(),
        };
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (
      pathname !== '/metrics' ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
      return;
    }
    collect().then(
      ({ type, body }) => {
        res.writeHead(200, {
          'content-type': type,
          'cache-control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        console.error(`metrics unavailable: ${String(error)}`);
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
};
