import 'server-only';

import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';
import { detectPlatform } from '../config/index.ts';
import {
  createCircuits,
  createRequestClient,
  createResponseCache,
  SERVER_CIRCUIT,
  SERVER_RETRY,
  SERVER_TIMEOUT_MS,
  type RequestClient,
  type ResponseCache,
} from '../http/index.ts';
import { apiOriginFor } from './api-origin.ts';
import { requestEnvironment } from './hosts.ts';
import { collectWhenIdle } from './idle-collect.ts';
import { findRequestContext } from './request-context.ts';
import { getSiteConfig } from './site-config.ts';

/**
 * Public API data read by server components (guest HTML carries nothing personal, so the
 * cache key never needs the cookie): bounded in entries, bytes and time.
 */
export const OPTIONAL_TIMEOUT_MS = 800;

let serverCache: ResponseCache | undefined;
const getServerCache = (): ResponseCache =>
  (serverCache ??= createResponseCache({
    maxEntries: 1000,
    ttlMs: getSiteConfig().apiCacheTtlMs,
    maxBytes: 32 * 1024 * 1024,
    expired: collectWhenIdle,
  }));

/** One circuit per API endpoint for the whole process: pages stop waiting on a failing one. */
const serverCircuits = createCircuits(SERVER_CIRCUIT);

/**
 * The request client for server components: the API origin of this request's environment
 * (or API_ORIGIN), the page's locale as Lang, the visitor's platform, and the short server
 * budget so a slow API can never hold a page for 15 s. No cookie is forwarded: pages are
 * the same for every guest, and personal data is fetched by client widgets.
 */
export const getServerApi = (
  locale: Locale = DEFAULT_LOCALE,
  options: { optional?: boolean } = {},
): RequestClient => {
  const config = getSiteConfig();
  const context = findRequestContext();
  const env = requestEnvironment();
  return createRequestClient({
    baseURL: apiOriginFor(config, env),
    lang: locale,
    platform: detectPlatform(context?.userAgent, config.appMarker),
    // optional lookups (redirect rules) get one short attempt: never worth holding a page for
    timeoutMs: options.optional ? OPTIONAL_TIMEOUT_MS : SERVER_TIMEOUT_MS,
    retry: options.optional
      ? { budgetMs: OPTIONAL_TIMEOUT_MS, maxAttempts: 1 }
      : SERVER_RETRY,
    cache: getServerCache(),
    circuits: serverCircuits,
  });
};
