import { getHostSet, type EnvironmentInfo } from '../config/index.ts';
import { errorReportingEndpoint } from './error-reporting.ts';
import { frontLoggerEndpoint } from './front-logger.ts';
import { performanceEndpoint } from './performance-monitoring.ts';

/**
 * Where each kind of telemetry goes for an environment (spec §7), from the host set; empty
 * means off. Analytics go to the logging host, and in development to the sandbox's collector
 * through the site's own /api proxy (it keeps the events for tests). Telemetry hosts live on
 * the registrable domain, which the CSP's connect-src allows (`https://*.<domain>`).
 */
export type TelemetryEndpoints = {
  readonly analytics: string;
  readonly frontLogger: string;
  readonly performance: string;
  readonly errors: string;
};

export const analyticsEndpoint = (env: EnvironmentInfo): string =>
  env.isDev
    ? '/api/v1/collect'
    : `https://${getHostSet(env).logging}/api/v1/collect`;

export const telemetryEndpoints = (
  env: EnvironmentInfo,
  options: { readonly analytics: boolean } = { analytics: true },
): TelemetryEndpoints => ({
  analytics: options.analytics ? analyticsEndpoint(env) : '',
  frontLogger: frontLoggerEndpoint(env),
  performance: performanceEndpoint(env),
  errors: errorReportingEndpoint(env),
});
