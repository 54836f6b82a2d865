import type { AnalyticsContext, TrackInput } from '../telemetry/analytics.ts';
import type { TelemetryEndpoints } from '../telemetry/endpoints.ts';
import { parseTrackMarker } from '../telemetry/track-marker.ts';
import { user, type UserState } from './kernel.ts';

/**
 * The part of telemetry in every page's first JS, kept to a few hundred bytes: what the server
 * tells the page (endpoints, page name), where the person is, and a short queue. The collector,
 * the rest of the event context (visitor id, platform, consent), click tracking, error
 * reporting and performance monitoring arrive in their own chunk once the page is idle
 * (`telemetry-runtime.ts`); events tracked before that wait here with the place they had.
 */
export type TelemetryConfig = {
  readonly env: string;
  readonly pageName: string;
  readonly locale: string;
  readonly release: string;
  readonly endpoints: TelemetryEndpoints;
};

/** Where an event happened; the runtime adds who and on what (AnalyticsContext). */
export type Place = Pick<
  AnalyticsContext,
  'env' | 'pageName' | 'url' | 'path' | 'referrer' | 'loginId' | 'notify_lang'
>;

export type Runtime = {
  readonly track: (input: TrackInput, place: Place) => void;
  readonly reportError: (error: unknown) => void;
};

let config: TelemetryConfig | undefined;
let previousUrl = '';
let runtime: Runtime | undefined;
const waiting: [TrackInput, Place][] = [];
const waitingErrors: unknown[] = [];

const loginIdOf = (state: UserState): string =>
  state && state !== 'unknown' ? state.uid : '';

export const currentPlace = (): Place => ({
  env: config?.env ?? '',
  pageName: config?.pageName ?? '',
  url: location.href,
  path: location.pathname,
  referrer: previousUrl || document.referrer,
  // the logged-in user's id (spec §3 login id), '' for a guest or while unknown
  loginId: loginIdOf(user.get()),
  notify_lang: config?.locale ?? '',
});

export const currentConfig = (): TelemetryConfig | undefined => config;

/** Queues (or sends) one event with the place of this moment. */
export const track = (input: TrackInput): void => {
  if (!config?.endpoints.analytics) return;
  const place = currentPlace();
  if (runtime) runtime.track(input, place);
  else if (waiting.length < 50) waiting.push([input, place]);
};

/** A client error: a PageError event, and a report where error reporting is on. */
export const reportClientError = (error: unknown): void => {
  const e = error instanceof Error ? error : new Error(String(error));
  track({ type: 'PageError', name: e.name, detail: e.message });
  if (runtime) runtime.reportError(error);
  else if (waitingErrors.length < 10) waitingErrors.push(error);
};

/** A page is shown (first load or client navigation): the config for it and its PageView. */
export const pageShown = (next: TelemetryConfig): void => {
  config = next;
  track({ type: 'PageView' });
  previousUrl = location.href;
};

let listening = false;
/** Click events for marked elements (`data-track="banner:home-launchpad"`), from the first click. */
export const trackMarkedClicks = (): void => {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'click',
    (event) => {
      const target =
        event.target instanceof Element
          ? event.target.closest('[data-track]')
          : null;
      const marker = parseTrackMarker(target?.getAttribute('data-track'));
      if (marker) track({ type: 'Click', ...marker });
    },
    { capture: true },
  );
};

/** Called by the runtime once it is ready: takes over what waited. */
export const attachRuntime = (ready: Runtime): void => {
  runtime = ready;
  for (const [input, place] of waiting.splice(0)) ready.track(input, place);
  for (const error of waitingErrors.splice(0)) ready.reportError(error);
};
