import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

import { LOCAL_STORAGE_KEYS } from '../config/storage-keys.ts';
import { createCollector } from '../telemetry/analytics.ts';
import type { AnalyticsContext } from '../telemetry/analytics.ts';
import { createErrorReporter } from '../telemetry/error-reporting.ts';
import { createFrontLogger } from '../telemetry/front-logger.ts';
import {
  pageMetrics,
  type WebVitals,
} from '../telemetry/performance-monitoring.ts';
import { browserPlatform } from './platform.ts';
import {
  attachRuntime,
  currentConfig,
  currentPlace,
  type Place,
  type TelemetryConfig,
} from './telemetry.ts';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** The visitor's unique id, kept in local storage under `guid` (created once). */
export const visitorGuid = (): string => {
  const store = storage();
  const known = store?.getItem(LOCAL_STORAGE_KEYS.guid);
  if (known && /^[\w-]{8,64}$/.test(known)) return known;
  const id = crypto.randomUUID();
  try {
    store?.setItem(LOCAL_STORAGE_KEYS.guid, id);
  } catch {
    // private mode: an id for this page life
  }
  return id;
};

/** Analytics run only with consent: a stored refusal or Global Privacy Control turns them off. */
export const analyticsConsent = (): boolean =>
  storage()?.getItem(LOCAL_STORAGE_KEYS.analyticsConsent) !== 'denied' &&
  (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl !==
    true;

/** The whole context: the place, and who and on what (the same for the page's life). */
const contextOf = (place: Place): AnalyticsContext => ({
  ...place,
  platformType:
    browserPlatform(navigator.userAgent, navigator.maxTouchPoints) === 'pc'
      ? 'Web'
      : 'H5',
  userAgent: navigator.userAgent.slice(0, 500),
  guid: visitorGuid(),
  notify_lang: place.notify_lang || document.documentElement.lang,
});

/** Sends one JSON body; text/plain keeps a cross-origin send free of a preflight. */
export const beacon = (endpoint: string, body: string): boolean => {
  try {
    void fetch(endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: endpoint.startsWith('/') ? 'same-origin' : 'omit',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    }).catch(() => undefined);
    return true;
  } catch {
    return navigator.sendBeacon(
      endpoint,
      new Blob([body], { type: 'text/plain;charset=UTF-8' }),
    );
  }
};

let started = false;

/**
 * The telemetry runtime, started by the widgets chunk: the analytics collector (batches sent
 * with a keepalive fetch, or sendBeacon when fetch is unavailable), error reporting, the front
 * logger, and one performance report per page load.
 */
export const startTelemetryRuntime = (config: TelemetryConfig): void => {
  if (started) return;
  started = true;
  const collector = createCollector({
    send: beacon,
    context: () => contextOf(currentPlace()),
  });
  collector.config({
    endpoint: config.endpoints.analytics,
    consent: analyticsConsent(),
  });
  const where = () => ({
    page: currentConfig()?.pageName ?? '',
    url: location.href,
  });
  const reportError = createErrorReporter({
    endpoint: config.endpoints.errors,
    release: config.release,
    send: beacon,
    where,
  });
  const frontLog = createFrontLogger({
    endpoint: config.endpoints.frontLogger,
    send: beacon,
    page: () => where().page,
  });
  attachRuntime({
    track: (input, place) => collector.track(input, contextOf(place)),
    reportError: (error) => {
      reportError(error);
      frontLog('error', error instanceof Error ? error.message : String(error));
    },
  });
  collector.start();

  const flushSoon = () => {
    if (document.visibilityState === 'hidden') collector.flush();
  };
  document.addEventListener('visibilitychange', flushSoon);
  window.addEventListener('pagehide', () => collector.flush());

  if (config.endpoints.performance) {
    // web-vitals keeps each metric's latest value (reportAllChanges); the report reads them when
    // the page is hidden. Its own hidden handlers were added first, so they run before ours.
    const vitals: WebVitals = {};
    const keep =
      (name: keyof WebVitals) =>
      ({ value }: { value: number }) => {
        vitals[name] = value;
      };
    const options = { reportAllChanges: true };
    onTTFB(keep('ttfb'), options);
    onFCP(keep('fcp'), options);
    onLCP(keep('lcp'), options);
    onINP(keep('inp'), options);
    onCLS(keep('cls'), options);
    let reported = false;
    const report = () => {
      if (reported || document.visibilityState !== 'hidden') return;
      reported = true;
      const [navigation] = performance.getEntriesByType('navigation');
      beacon(
        config.endpoints.performance,
        JSON.stringify(pageMetrics(config.pageName, navigation, vitals)),
      );
    };
    document.addEventListener('visibilitychange', report);
  }
};
