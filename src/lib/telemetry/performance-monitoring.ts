import { getHostSet, type EnvironmentInfo } from '../config/index.ts';

/**
 * Performance monitoring (spec §7): one report per page load with the navigation timings and
 * the paint metrics the browser measured, sent to the environment's monitoring endpoint (one
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
  readonly transferSize?: number;
};

type Timing = Pick<
  PerformanceNavigationTiming,
  'responseStart' | 'domContentLoadedEventEnd' | 'loadEventEnd' | 'transferSize'
>;

const ms = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;

/** The metrics of a load, from the navigation entry and the paint entries. */
export const pageMetrics = (
  page: string,
  navigation: Timing | undefined,
  paints: { fcp?: number; lcp?: number },
): PageMetrics => {
  const values = {
    ttfb: ms(navigation?.responseStart),
    domContentLoaded: ms(navigation?.domContentLoadedEventEnd),
    load: ms(navigation?.loadEventEnd),
    fcp: ms(paints.fcp),
    lcp: ms(paints.lcp),
    transferSize: ms(navigation?.transferSize),
  };
  return {
    page,
    ...Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined),
    ),
  };
};
