/**
 * OpenTelemetry traces of a server process (issue 43 item 4), with the SDK packages: loaded by
 * scripts/serve.ts only when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`) is set, so
 * with no endpoint nothing of the SDK is loaded and the API the bundle calls stays a no-op.
 *
 * Spans:
 * - the request (`server`), around every listener of the node:http server, guest-cache fast-path
 *   hits included: HTTP semantic conventions, the route id and locale of the route table, and the
 *   page cache decision (`exchange.page_cache`: hit, miss, stale, bypass …, from x-cache as the
 *   metrics read it); an incoming `traceparent` (the edge's, a CDN's) is its parent;
 * - the render (src/middleware/render.ts via src/lib/server/tracing.ts), to the last byte;
 * - each API call (`client`, @opentelemetry/instrumentation-undici on Node's fetch), which sends
 *   the W3C `traceparent` header, so the API's backend joins the trace;
 * - share-image drawing, on its worker thread (the context goes along with the job; the worker
 *   registers its own SDK with this module).
 *
 * Standard variables: OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT / _HEADERS / _TIMEOUT (read by
 * the OTLP exporter, http/protobuf), OTEL_SERVICE_NAME (default exchange-web),
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER (+ _ARG), OTEL_BSP_SCHEDULE_DELAY,
 * OTEL_BSP_MAX_QUEUE_SIZE, OTEL_BSP_MAX_EXPORT_BATCH_SIZE, OTEL_BSP_EXPORT_TIMEOUT,
 * OTEL_SDK_DISABLED. Resource: service name and version, the build id (`exchange.build_id`),
 * the process (and thread) id.
 */
import type {
  IncomingMessage,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import { threadId } from 'node:worker_threads';

import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  getNumberFromEnv,
  getStringFromEnv,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';

import { localeFromPath } from '../../src/i18n/locales.ts';
import { navigationPath } from '../../src/lib/navigation-path.ts';
import { setTracing } from '../../src/lib/tracing.ts';
import { ROUTES } from '../../src/routes.ts';
import { classify, pageCacheResult, cacheResult, xCacheOf } from './metrics.ts';

export const TRACER_NAME = 'exchange-web';
const DEFAULT_SERVICE_NAME = 'exchange-web';

/** OTEL_TRACES_SAMPLER as the specification spells it (default parentbased_always_on). */
const samplerFromEnv = (): Sampler => {
  const name = (getStringFromEnv('OTEL_TRACES_SAMPLER') ?? '').toLowerCase();
  const ratio = getNumberFromEnv('OTEL_TRACES_SAMPLER_ARG');
  const ratioSampler = () =>
    new TraceIdRatioBasedSampler(
      ratio !== undefined && ratio >= 0 && ratio <= 1 ? ratio : 1,
    );
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratioSampler();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratioSampler() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
};

const optional = (name: string, value: number | undefined) =>
  value === undefined ? {} : { [name]: value };

type Started = {
  provider: TracerProvider;
  /** Sends what is waiting and stops the exporter (at exit). */
  shutdown: () => Promise<void>;
};

let started: Started | undefined;

/**
 * Registers the SDK in this thread: the tracer provider with the OTLP exporter behind a batch
 * processor, the AsyncLocalStorage context manager, the W3C trace-context propagator, and (on
 * the main thread) the fetch instrumentation. Once per thread.
 */
export const startTracing = (options: {
  buildId: string | undefined;
  version: string | undefined;
  /** The main thread instruments fetch; a drawing worker only makes its own spans. */
  thread: 'main' | 'worker';
}): Started => {
  if (started) return started;
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME }),
    )
    .merge(
      detectResources({
        detectors: [serviceNameEnvDetector, resourceAttributesEnvDetector],
      }),
    )
    .merge(
      resourceFromAttributes({
        ...(options.version ? { [ATTR_SERVICE_VERSION]: options.version } : {}),
        ...(options.buildId ? { 'exchange.build_id': options.buildId } : {}),
        'process.pid': process.pid,
        ...(options.thread === 'worker' ? { 'thread.id': threadId } : {}),
      }),
    );
  const provider = new TracerProvider({
    resource,
    sampler: samplerFromEnv(),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        ...optional(
          'scheduledDelayMillis',
          getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY'),
        ),
        ...optional(
          'maxQueueSize',
          getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE'),
        ),
        ...optional(
          'maxExportBatchSize',
          getNumberFromEnv('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
        ),
        ...optional(
          'exportTimeoutMillis',
          getNumberFromEnv('OTEL_BSP_EXPORT_TIMEOUT'),
        ),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  if (options.thread === 'main') {
    // client spans for the API calls made while answering a request (and only those), with the
    // traceparent header on the wire
    new UndiciInstrumentation({ requireParentforSpans: true });
  }
  setTracing({ workerSetup: import.meta.url });
  started = {
    provider,
    shutdown: () => provider.shutdown(),
  };
  return started;
};

/** Draws in a worker are few: each is sent at once, so a worker stopped when idle loses none. */
export const flushTracing = async (): Promise<void> => {
  await started?.provider.forceFlush();
};

/** `/:locale/launchpad/[id]` for a route id of the table (the low-cardinality `http.route`). */
const routeTemplates = new Map<string, string>(
  ROUTES.map((r) => [r.id, `/:locale${r.path}`]),
);

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

/** What is known of a request before it is answered. */
const requestAttributes = (req: IncomingMessage, port: number | undefined) => {
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const { route, kind } = classify(pathname);
  const page = navigationPath(pathname);
  const locale = page === undefined ? undefined : localeFromPath(page);
  const hostHeader = headerText(req.headers.host) ?? '';
  const attributes: Attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: req.method ?? 'GET',
    [ATTR_URL_PATH]: pathname,
    [ATTR_URL_SCHEME]: 'http',
    [ATTR_NETWORK_PROTOCOL_VERSION]: req.httpVersion,
    [ATTR_SERVER_ADDRESS]: hostHeader.replace(/:\d+$/, '').slice(0, 255),
    ...(port === undefined ? {} : { [ATTR_SERVER_PORT]: port }),
    ...(req.socket.remoteAddress
      ? { [ATTR_CLIENT_ADDRESS]: req.socket.remoteAddress }
      : {}),
    ...(req.headers['user-agent']
      ? { [ATTR_USER_AGENT_ORIGINAL]: req.headers['user-agent'].slice(0, 500) }
      : {}),
    'exchange.route_id': route,
    'exchange.request_kind': kind,
    ...(locale ? { 'exchange.locale': locale } : {}),
  };
  const template = routeTemplates.get(route);
  if (template) attributes[ATTR_HTTP_ROUTE] = template;
  return { attributes, route, kind, template };
};

const portOf = (server: Server): number | undefined => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : undefined;
};

/**
 * A server span around every request of `server`: its listeners run inside the span's context
 * (so the access log, the render and the API calls below see it), and the span ends when the
 * answer is sent or the client goes away, with the status and the page cache decision.
 */
export const traceRequests = (server: Server): void => {
  const tracer = trace.getTracer(TRACER_NAME);
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  // the listening port, read once (server.address() is a system call)
  let port: number | undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    port ??= portOf(server);
    const { attributes, route, kind, template } = requestAttributes(req, port);
    const parent: Context = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(
      `${req.method ?? 'GET'} ${template ?? route}`,
      { kind: SpanKind.SERVER, attributes },
      parent,
    );
    let xCache: unknown;
    const writeHead = res.writeHead.bind(res) as (
      ...args: unknown[]
    ) => ServerResponse;
    res.writeHead = (...args: unknown[]) => {
      xCache = xCacheOf(args.find((a, i) => i > 0 && typeof a === 'object'));
      return writeHead(...args);
    };
    res.once('close', () => {
      const status = res.statusCode;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      const cache = pageCacheResult(
        kind,
        cacheResult(xCache ?? res.getHeader('x-cache')),
        req,
      );
      if (cache !== 'none') span.setAttribute('exchange.page_cache', cache);
      if (!res.writableFinished) span.setAttribute('exchange.aborted', true);
      if (status >= 500)
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(status) });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => {
      for (const listener of listeners) listener.call(server, req, res);
    });
  });
};
