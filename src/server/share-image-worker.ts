import 'server-only';

import {
  isMainThread,
  parentPort,
  Worker,
  workerData,
} from 'node:worker_threads';

import {
  context,
  propagation,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

import { traceCarrier } from '../lib/server/tracing.ts';
import { tracing } from '../lib/tracing.ts';
import { renderShareCard, type ShareCard } from './share-image-render.ts';

/**
 * Share images drawn off the main thread (decision 0028). satori's layout and resvg's
 * rasterising run synchronously (WebAssembly): on the main thread each draw holds every page
 * request for its whole time. Here one worker thread draws and the main thread only posts the
 * card and receives the PNG. The worker is this module itself (so the build keeps it one chunk
 * with what it imports), started on first use and stopped after a minute idle (its fonts and
 * WebAssembly memory go with it) or when a draw overruns DRAW_LIMIT_MS (a stuck draw never holds
 * the ones behind it); the next draw starts a fresh one.
 */

const ROLE = 'share-image-worker';
const DRAW_LIMIT_MS = 10_000;
const IDLE_MS = 60_000;

/**
 * A card to draw; `trace` carries the requesting span's W3C context (empty with tracing off), so
 * the drawing span on the worker thread joins the request's trace.
 */
type Job = { id: number; card: ShareCard; trace: Record<string, string> };
/** What the worker is started with: with tracing on, the module that registers its SDK. */
type WorkerStart = { role: typeof ROLE; tracingSetup: string | undefined };

const isWorkerStart = (data: unknown): data is WorkerStart =>
  typeof data === 'object' &&
  data !== null &&
  (data as { role?: unknown }).role === ROLE;

/** The tracing module's worker entry points (scripts/lib/tracing.ts). */
type TracingSetup = {
  startTracing: (options: {
    buildId: string | undefined;
    version: string | undefined;
    thread: 'worker';
  }) => unknown;
  flushTracing: () => Promise<void>;
};

/**
 * Draws one card; with tracing on, inside a `share-image draw` span whose parent is the
 * request's (the context came with the job), sent as soon as it ends.
 */
const drawTraced = async (
  job: Job,
  setup: Promise<TracingSetup> | undefined,
): Promise<Uint8Array<ArrayBuffer>> => {
  if (!setup || !job.trace.traceparent) return renderShareCard(job.card);
  const { flushTracing } = await setup;
  const parent = propagation.extract(context.active(), job.trace);
  return trace
    .getTracer('exchange-web')
    .startActiveSpan(
      'share-image draw',
      { attributes: { 'exchange.locale': job.card.locale } },
      parent,
      async (span) => {
        try {
          return await renderShareCard(job.card);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
          await flushTracing().catch(() => undefined);
        }
      },
    );
};
type Done =
  { id: number; png: Uint8Array<ArrayBuffer> } | { id: number; error: string };

if (!isMainThread && isWorkerStart(workerData) && parentPort) {
  const port = parentPort;
  const { tracingSetup } = workerData;
  const setup = tracingSetup
    ? (import(/* @vite-ignore */ tracingSetup) as Promise<TracingSetup>).then(
        (mod) => {
          mod.startTracing({
            buildId: String(import.meta.env.WAKU_BUILD_ID ?? ''),
            version: undefined,
            thread: 'worker',
          });
          return mod;
        },
      )
    : undefined;
  port.on('message', (job: Job) => {
    drawTraced(job, setup).then(
      (png) => {
        port.postMessage({ id: job.id, png } satisfies Done, [png.buffer]);
      },
      (error: unknown) => {
        port.postMessage({
          id: job.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Done);
      },
    );
  });
}

type Waiting = {
  resolve: (png: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};
type Drawer = {
  worker: Worker;
  jobs: Map<number, Waiting>;
  idle?: NodeJS.Timeout;
};

let current: Drawer | undefined;
let nextId = 0;

/** Ends a worker: what it still had to draw fails (the caller sends the site-wide image). */
const stop = (drawer: Drawer, reason: string) => {
  if (current === drawer) current = undefined;
  clearTimeout(drawer.idle);
  for (const job of drawer.jobs.values()) {
    clearTimeout(job.timer);
    job.reject(new Error(reason));
  }
  drawer.jobs.clear();
  void drawer.worker.terminate();
};

const start = (): Drawer => {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: {
      role: ROLE,
      tracingSetup: tracing()?.workerSetup,
    } satisfies WorkerStart,
    // this module's source imports `server-only`, which only the react-server condition allows
    execArgv: ['--conditions=react-server'],
  });
  // a drawing worker never keeps the process alive on its own
  worker.unref();
  const drawer: Drawer = { worker, jobs: new Map() };
  worker.on('message', (done: Done) => {
    const job = drawer.jobs.get(done.id);
    if (!job) return;
    drawer.jobs.delete(done.id);
    clearTimeout(job.timer);
    if ('png' in done) job.resolve(done.png);
    else job.reject(new Error(done.error));
    if (drawer.jobs.size === 0)
      drawer.idle = setTimeout(() => stop(drawer, 'idle'), IDLE_MS).unref();
  });
  worker.on('error', (error: Error) =>
    stop(drawer, `share image worker failed: ${error.message}`),
  );
  worker.on('exit', () => stop(drawer, 'share image worker exited'));
  return drawer;
};

/** The card as a 1200×630 PNG, drawn on the worker thread. */
export const drawShareCard = (
  card: ShareCard,
): Promise<Uint8Array<ArrayBuffer>> =>
  new Promise((resolve, reject) => {
    const drawer = (current ??= start());
    clearTimeout(drawer.idle);
    const id = nextId++;
    const timer = setTimeout(
      () => stop(drawer, `share image took over ${DRAW_LIMIT_MS} ms`),
      DRAW_LIMIT_MS,
    );
    timer.unref();
    drawer.jobs.set(id, { resolve, reject, timer });
    drawer.worker.postMessage({
      id,
      card,
      trace: traceCarrier(),
    } satisfies Job);
  });
