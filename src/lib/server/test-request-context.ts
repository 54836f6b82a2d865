import { resolveEnvironment } from '../config/index.ts';
import type { RequestContext } from './request-context.ts';
import { loadSiteConfig } from './site-config.ts';

/**
 * For tests only: a request's context as the request-context step makes it, for code a test runs
 * inside one (`runWithRequestContext`): a guest's `/en/launchpad` on the default site, with
 * `overrides`.
 */
export const requestContextFor = (
  overrides: Partial<RequestContext> = {},
): RequestContext => {
  const site = loadSiteConfig({});
  return {
    requestId: 'r1',
    env: resolveEnvironment(site.siteHost, { siteDomain: site.siteDomain }),
    origin: site.siteOrigin,
    locale: 'en',
    path: '/en/launchpad',
    nonce: 'n',
    isBot: false,
    userAgent: '',
    cookie: '',
    search: '',
    session: false,
    staticHtml: new Map(),
    ...overrides,
  };
};
