import { LOADING_BAR } from '../config/constants.ts';

/**
 * The loading bar's timeline (spec §4, §9), as pure functions of time so it can be tested
 * without a browser:
 *
 * - a navigation shorter than `throttle` (200 ms) never shows the bar;
 * - while it runs, progress climbs from 0 towards 100 on an arctangent curve whose
 *   half-way point is at `duration` (2000 ms) — fast at first, never reaching 100 by itself;
 * - when it ends, progress jumps to 100, the bar stays `hideDelay` (500 ms), hides, and
 *   `resetDelay` (400 ms) later progress is back at 0 for the next navigation.
 */
export type LoadingTimings = {
  readonly throttle: number;
  readonly duration: number;
  readonly hideDelay: number;
  readonly resetDelay: number;
};
const LOADING_TIMINGS: LoadingTimings = LOADING_BAR;

/** Progress (0–99.9) `elapsed` ms after a navigation started. */
export const estimatedProgress = (
  elapsed: number,
  duration = LOADING_TIMINGS.duration,
): number => {
  if (!(elapsed > 0)) return 0;
  return Math.min(99.9, (200 / Math.PI) * Math.atan(elapsed / duration));
};

export type BarFrame = {
  readonly visible: boolean;
  readonly progress: number;
};

/**
 * What the bar shows at `now` for a navigation that started at `startedAt` and, if it has,
 * finished at `finishedAt` (both ms on the same clock).
 */
export const barFrame = (
  startedAt: number,
  finishedAt: number | undefined,
  now: number,
  timings: LoadingTimings = LOADING_TIMINGS,
): BarFrame => {
  const shownAt = startedAt + timings.throttle;
  if (finishedAt === undefined) {
    return now < shownAt
      ? { visible: false, progress: 0 }
      : {
          visible: true,
          progress: estimatedProgress(now - startedAt, timings.duration),
        };
  }
  // finished before it was ever shown: nothing to see
  if (finishedAt < shownAt) return { visible: false, progress: 0 };
  if (now < finishedAt + timings.hideDelay)
    return { visible: true, progress: 100 };
  if (now < finishedAt + timings.hideDelay + timings.resetDelay)
    return { visible: false, progress: 100 };
  return { visible: false, progress: 0 };
};

/** When the timeline stops changing after a finish (the bar is hidden and reset). */
export const settledAt = (
  finishedAt: number,
  timings: LoadingTimings = LOADING_TIMINGS,
): number => finishedAt + timings.hideDelay + timings.resetDelay;
