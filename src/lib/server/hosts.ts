import 'server-only';

import {
  getHostSet,
  resolveEnvironment,
  type EnvironmentInfo,
  type HostSet,
} from '../config/index.ts';
import { findRequestContext } from './request-context.ts';
import { getSiteConfig } from './site-config.ts';

/**
 * This request's environment; outside a request, the one the configured site's own host
 * resolves to.
 */
export const requestEnvironment = (): EnvironmentInfo => {
  const env = findRequestContext()?.env;
  if (env) return env;
  const config = getSiteConfig();
  return resolveEnvironment(config.siteHost, {
    siteDomain: config.siteDomain,
    ...(config.devHost ? { devHost: config.devHost } : {}),
  });
};

/** The host set of this request's environment (spec §3). */
export const requestHosts = (): HostSet => getHostSet(requestEnvironment());
