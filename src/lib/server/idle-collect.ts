import { performance } from 'node:perf_hooks';

/**
 * A full garbage collection once the process is quiet after its caches let go of entries
 * (issue 41 point 5: memory returns to its level before the load, decision 0042).
 *
 * An entry a cache drops on its timer is only garbage: its page bodies and images (Buffers,
 * outside V8's heap) are freed when V8 next collects, and V8 collects when JavaScript allocates.
 * An idle process allocates next to nothing, so it ran no full collection for the whole idle
 * period of `npm run bench:soak`: external memory stayed at ×3.2 of its level before the load,
 * and fell to ×1.13 the moment a heap snapshot forced one (27 Nov 2026). V8's own memory reducer
 * did not start one either (`--trace-memory-reducer`: "high alloc, foreground" every 8 s).
 *
 * So a cache whose timer dropped an entry calls `collectWhenIdle(bytes)`; once `minBytes` have
 * been dropped since the last collection, after `quietMs` the process runs one major collection
 * if its event loop was idle over that time (under load V8 collects on its own, and a pause would
 * cost requests), else it looks again `quietMs` later. At most one collection per `quietMs`, and
 * only for at least `minBytes` (a quiet site whose small API answers expire every few seconds
 * is not collected every few seconds); less than that may stay until V8's next collection. `gc` is V8's, exposed by the
 * server's `--expose-gc` (scripts/lib/processes.ts); without it (tests, development) this does
 * nothing.
 */
export const idleCollector = ({
  collect,
  utilization,
  quietMs = 10_000,
  idleUtilization = 0.05,
  minBytes = 1024 * 1024,
}: {
  /** V8's `gc()`; undefined: nothing is done. */
  readonly collect: (() => void) | undefined;
  /** Event-loop utilization (0–1) since the previous call (the first call starts the span). */
  readonly utilization: () => number;
  readonly quietMs?: number;
  /** Utilization over `quietMs` under which the process counts as idle. */
  readonly idleUtilization?: number;
  /** Bytes dropped since the last collection that make one worth its pause. */
  readonly minBytes?: number;
}): ((bytes: number) => void) => {
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;
  const schedule = () => {
    timer = setTimeout(check, quietMs);
    timer.unref();
  };
  const check = () => {
    timer = undefined;
    if (utilization() > idleUtilization) {
      schedule();
      return;
    }
    dropped = 0;
    // synchronous: V8's `execution: 'async'` variant freed no Buffer in a trial (Node 24)
    collect?.();
  };
  return (bytes) => {
    if (!collect) return;
    dropped += bytes;
    if (timer || dropped < minBytes) return;
    utilization();
    schedule();
  };
};

/** The event loop's utilization since the previous call. */
const loopUtilization = () => {
  let since = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, since).utilization;
    since = now;
    return used;
  };
};

const { gc } = globalThis;

/**
 * A cache dropped `bytes` on its timer: collect once enough went and the process is quiet. The
 * collection is V8's "last resort" one, which also gives back the young generation that load
 * grew (up to 2 × `--max-semi-space-size`, 16 MB): a plain `gc()` frees the garbage but keeps
 * that space committed. Measured with the server's flags on Node 24: after allocation churn the
 * young generation stayed at 33.6 MB after `gc()` and went to 1.0 MB after this, RSS 99.8 →
 * 56.7 MB (decision 0042).
 */
export const collectWhenIdle = idleCollector({
  collect: gc
    ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    : undefined,
  utilization: loopUtilization(),
});
