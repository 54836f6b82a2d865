import 'server-only';

import {
  isMainThread,
  parentPort,
  Worker,
  workerData,
} from 'node:worker_threads';

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

type Job = { id: number; card: ShareCard };
type Done =
  { id: number; png: Uint8Array<ArrayBuffer> } | { id: number; error: string };

if (!isMainThread && workerData === ROLE && parentPort) {
  const port = parentPort;
  port.on('message', (job: Job) => {
    renderShareCard(job.card).then(
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
    workerData: ROLE,
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
    drawer.worker.postMessage({ id, card } satisfies Job);
  });
