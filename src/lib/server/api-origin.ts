import 'server-only';

import { getHostSet, type EnvironmentInfo } from '../config/index.ts';
import type { SiteConfig } from './site-config.ts';

/** The upstream API origin: API_ORIGIN when configured, else the environment's api2 host. */
export const apiOriginFor = (
  config: SiteConfig,
  env: EnvironmentInfo,
): string =>
  config.apiOrigin ||
  `${env.protocol === 'http:' ? 'http:' : 'https:'}//${getHostSet(env).api}`;
