import type { MiddlewareHandler } from 'hono';

import { setResponseStatus } from '../lib/server/request-context.ts';
import { replaceResponse } from './response.ts';

export type RenderLimitOptions = {
  /** Renders that run at once; more wait in line (first come, first served). */
  readonly concurrency: number;
  /**
   * The longest a request waits for its turn; then it is refused (503 with Retry-After, or the
   * page cache's stale copy). Renders mostly wait on CPU, but a slow API holds its turn too: the
   * line must never hold a page longer than this.
   */
  readonly maxWaitMs: number;
  /** The longest the line gets; a request that finds it full is refused at once. */
  readonly maxWaiting: number;
};

export type RenderGate = {
  /**
   * Resolves with the function that hands the turn back (safe to call more than once), or
   * `undefined` when the request gets no turn: the line was full, or it waited `maxWaitMs`.
   */
  acquire(): Promise<(() => void) | undefined>;
  readonly running: number;
  readonly waiting: number;
  /** Requests refused so far (line full or waited too long). */
  readonly refused: number;
  /**
   * How long every turn has been taken with none handed back (ms): 0 while a turn is free.
   * Busy renders hand turns back all the time; a gate full for long is stuck, not busy.
   */
  stalledMs(): number;
};

/**
 * A line in front of rendering. Rendering a page is CPU work: past a few at once, more renders
 * in parallel do not finish sooner (decision 0014), they only hold their work in memory side by
 * side and finish in no particular order. Turns are handed out in arrival order; the line itself
 * is bounded in length and in time: past `maxWaiting` waiting, or after `maxWaitMs` in line, a
 * request is refused instead of rendering anyway, so renders at once never exceed
 * `concurrency` and the memory they hold stays bounded under a flood.
 */
export const createRenderGate = (
  { concurrency, maxWaitMs, maxWaiting }: RenderLimitOptions,
  now: () => number = () => performance.now(),
): RenderGate => {
  if (!(concurrency >= 1) || !(maxWaitMs >= 0) || !(maxWaiting >= 0))
    throw new RangeError(
      'render limit: concurrency ≥ 1, maxWaitMs ≥ 0 and maxWaiting ≥ 0',
    );
  let running = 0;
  let refused = 0;
  /** When the last free turn was taken (a turn handed back and taken again counts as progress). */
  let fullSince = 0;
  const line: (() => void)[] = [];

  const release = () => {
    running--;
    line.shift()?.();
  };
  const turn = (): (() => void) => {
    running++;
    if (running >= concurrency) fullSince = now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire: () => {
      if (running < concurrency && line.length === 0)
        return Promise.resolve(turn());
      if (line.length >= maxWaiting) {
        refused++;
        return Promise.resolve(undefined);
      }
      return new Promise((resolve) => {
        const go = () => {
          clearTimeout(timer);
          resolve(turn());
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(go);
          if (at >= 0) line.splice(at, 1);
          refused++;
          resolve(undefined);
        }, maxWaitMs);
        line.push(go);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
    get refused() {
      return refused;
    },
    stalledMs: () => (running >= concurrency ? now() - fullSince : 0),
  };
};

/** How long a refused request is told to wait before it asks again (seconds). */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** The body, handing the turn back when it has been read to the end, failed or been cancelled. */
const releasingBody = (
  body: ReadableStream<Uint8Array>,
  done: () => void,
): ReadableStream<Uint8Array> => {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
};

/**
 * Holds each request's render to a turn of `gate`, from the start until its body is sent. A
 * request that gets no turn is answered at once: 503 with Retry-After and no-store (the status
 * middleware makes it the localized error page for people; the page cache answers with its stale
 * copy of the page where it has one, and past that the last-good store with its last good copy).
 */
export const renderLimit =
  (gate: RenderGate): MiddlewareHandler =>
  async (c, next) => {
    const done = await gate.acquire();
    if (!done) {
      // asked as a page's own 503 would be: the last-good store (above) answers with its copy
      setResponseStatus(503, 'Service Unavailable', BUSY_RETRY_AFTER_SECONDS);
      return c.text('Service Unavailable\n', 503, {
        'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        'cache-control': 'no-store',
      });
    }
    try {
      await next();
    } catch (error) {
      done();
      throw error;
    }
    const res = c.res;
    if (!res.body) {
      done();
      return;
    }
    replaceResponse(
      c,
      new Response(releasingBody(res.body, done), {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      }),
    );
  };
