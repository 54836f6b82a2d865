import type { MiddlewareHandler } from 'hono';

import { replaceResponse } from './response.ts';

export type RenderLimitOptions = {
  /** Renders that run at once; more wait in line (first come, first served). */
  readonly concurrency: number;
  /**
   * The longest a request waits for its turn; then it renders anyway. Renders mostly wait on CPU,
   * but a slow API holds its turn too: the line must never hold a page longer than this.
   */
  readonly maxWaitMs: number;
};

export type RenderGate = {
  /** Resolves with the function that hands the turn back (safe to call more than once). */
  acquire(): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
};

/**
 * A line in front of rendering. Rendering a page is CPU work: past a few at once, more renders
 * in parallel do not finish sooner (measured under 32 connections, issue 8: the same throughput
 * at 8 as at 32 renders at once), they only hold their work in memory side by side and finish in
 * no particular order. Turns are handed out in arrival order, which bounds the work in flight
 * under overload; one that waited `maxWaitMs` goes ahead regardless, so a slow upstream never
 * stalls the line.
 */
export const createRenderGate = ({
  concurrency,
  maxWaitMs,
}: RenderLimitOptions): RenderGate => {
  if (!(concurrency >= 1) || !(maxWaitMs >= 0))
    throw new RangeError('render limit: concurrency ≥ 1 and maxWaitMs ≥ 0');
  let running = 0;
  const line: (() => void)[] = [];

  const release = () => {
    running--;
    // the next in line takes the turn that was handed back, unless requests that waited too
    // long still keep the line over its limit
    if (running < concurrency) line.shift()?.();
  };
  const turn = (): (() => void) => {
    running++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire: () => {
      if (running < concurrency) return Promise.resolve(turn());
      return new Promise((resolve) => {
        const go = () => {
          clearTimeout(timer);
          resolve(turn());
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(go);
          if (at >= 0) line.splice(at, 1);
          resolve(turn());
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
  };
};

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

/** Holds each request's render to a turn of `gate`, from the start until its body is sent. */
export const renderLimit =
  (gate: RenderGate): MiddlewareHandler =>
  async (c, next) => {
    const done = await gate.acquire();
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
