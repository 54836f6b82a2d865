import type { ButtonType } from './track-marker.ts';

/**
 * The analytics collector (spec §7: "config, start and events steps"). Pure: the transport, the
 * clock and the timers are injected, so it runs the same in the browser and in unit tests.
 *
 * - config: where to send, the context every event carries, whether consent allows it;
 * - start: begins sending (events tracked before start wait in the queue);
 * - events: `track` queues one; the queue is sent in batches (every `batchSize` events, after
 *   `flushMs`, and at once on `flush`, which the page calls when it is hidden).
 */
export const EVENT_TYPES = [
  'Click',
  'PageView',
  'Callback',
  'PageError',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What every event says about where it happened (spec §3 analytics context). */
export type AnalyticsContext = Readonly<{
  env: string;
  pageName: string;
  url: string;
  path: string;
  referrer: string;
  /** The logged-in user's id, '' for a guest. */
  loginId: string;
  platformType: 'Web' | 'H5';
  userAgent: string;
  /** The visitor's unique id (local storage key `guid`). */
  guid: string;
  notify_lang: string;
}>;

/** What a page asks to track: the collector adds the context and the time. */
export type TrackInput = Readonly<{
  type: EventType;
  buttonType?: ButtonType;
  /** Which button, banner, callback or error. */
  name?: string;
  detail?: string;
}>;

export type AnalyticsEvent = AnalyticsContext &
  TrackInput &
  Readonly<{ time: number }>;

export type CollectorConfig = Readonly<{
  /** Where batches go; empty turns analytics off. */
  endpoint: string;
  /** false when the visitor declined analytics: nothing is queued or sent. */
  consent: boolean;
  batchSize?: number;
  flushMs?: number;
}>;

export type CollectorDeps = {
  /** Sends one batch; true when the transport accepted it. */
  readonly send: (endpoint: string, body: string) => boolean;
  /** The context at the moment of the event (URL, path and login change as people move). */
  readonly context: () => AnalyticsContext;
  readonly now?: () => number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
};

const MAX_QUEUE = 200;

export const createCollector = (deps: CollectorDeps) => {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    deps.clearTimer ??
    ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let config: CollectorConfig = { endpoint: '', consent: false };
  let started = false;
  let queue: AnalyticsEvent[] = [];
  let timer: unknown;

  const active = () => config.consent && config.endpoint !== '';

  const flush = (): void => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (!started || !active() || queue.length === 0) return;
    const batch = queue;
    queue = [];
    deps.send(config.endpoint, JSON.stringify({ events: batch }));
  };

  const schedule = () => {
    if (!started || !active()) return;
    if (queue.length >= (config.batchSize ?? 10)) flush();
    else if (timer === undefined)
      timer = setTimer(flush, config.flushMs ?? 2000);
  };

  return {
    config: (next: CollectorConfig): void => {
      config = next;
      if (!active()) queue = [];
    },
    start: (): void => {
      started = true;
      schedule();
    },
    /** One event, with the context of the moment it happened (default: now). */
    track: (input: TrackInput, context?: AnalyticsContext): void => {
      if (!active()) return;
      const event: AnalyticsEvent = {
        ...(context ?? deps.context()),
        type: input.type,
        time: now(),
        ...(input.buttonType ? { buttonType: input.buttonType } : {}),
        ...(input.name ? { name: input.name.slice(0, 120) } : {}),
        ...(input.detail ? { detail: input.detail.slice(0, 500) } : {}),
      };
      queue.push(event);
      if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
      schedule();
    },
    flush,
    /** For tests and the consent switch. */
    pending: (): number => queue.length,
  };
};

export { parseTrackMarker } from './track-marker.ts';
