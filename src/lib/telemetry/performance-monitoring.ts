import { getHostSet, type EnvironmentInfo } from '../config/index.ts';

/**
 * Performance monitoring (spec §7): one report per page load with the navigation timings and
 * the web vitals the browser measured, sent to the environment's monitoring endpoint (one
 * per environment name); off in development.
 */
export const performanceEndpoint = (env: EnvironmentInfo): string =>
  env.isDev
    ? ''
    : `https://${getHostSet(env).performanceMonitoring}/api/v1/metrics`;

export type PageMetrics = {
  readonly page: string;
  /** Milliseconds from navigation start, rounded; absent when the browser did not measure. */
  readonly ttfb?: number;
  readonly domContentLoaded?: number;
  readonly load?: number;
  readonly fcp?: number;
  readonly lcp?: number;
  /** Interaction to Next Paint (ms): absent when the visitor never interacted. */
  readonly inp?: number;
  /** Cumulative Layout Shift: a score (0 when nothing moved), four decimals. */
  readonly cls?: number;
  readonly transferSize?: number;
};

/** What web-vitals reported for the page so far (its latest value of each metric). */
export type WebVitals = {
  ttfb?: number;
  fcp?: number;
  lcp?: number;
  inp?: number;
  cls?: number;
};

type Timing = Pick<
  PerformanceNavigationTiming,
  'responseStart' | 'domContentLoadedEventEnd' | 'loadEventEnd' | 'transferSize'
>;

const ms = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;

const score = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) && n >= 0
    ? Math.round(n * 10_000) / 10_000
    : undefined;

/** The metrics of a load, from the navigation entry and the web vitals measured for it. */
export const pageMetrics = (
  page: string,
  navigation: Timing | undefined,
  vitals: WebVitals,
): PageMetrics => {
  const values = {
    ttfb: ms(vitals.ttfb) ?? ms(navigation?.responseStart),
    domContentLoaded: ms(navigation?.domContentLoadedEventEnd),
    load: ms(navigation?.loadEventEnd),
    fcp: ms(vitals.fcp),
    lcp: ms(vitals.lcp),
    inp: ms(vitals.inp),
    cls: score(vitals.cls),
    transferSize: ms(navigation?.transferSize),
  };
  return {
    page,
    ...Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined),
    ),
  };
};
