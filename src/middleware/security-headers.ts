import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';
import { THEME_SCRIPT_HASH } from '../lib/server/theme-script-hash.ts';
import { mutableResponse } from './response.ts';

type CspDirectives = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;
type ScriptSource = NonNullable<CspDirectives['scriptSrc']>[number];

/** The CSP's directives: scripts only from this origin plus the exact inline scripts (by nonce or hash). */
const cspDirectives = (
  scriptSources: readonly ScriptSource[],
  config: SiteConfig,
  dev: boolean,
): CspDirectives => {
  const frame = config.frameUrl ? [new URL(config.frameUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      // the document's theme script (src/lib/theme.ts), on every answer, cached or not
      THEME_SCRIPT_HASH,
      ...scriptSources,
      ...frame,
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...(config.imagesCdn ? [`https://img.${config.siteDomain}`] : []),
      ...frame,
    ],
    fontSrc: ["'self'", 'data:'],
    // telemetry and the CDN live on the registrable domain (log., apm., errors., static.)
    connectSrc: [
      "'self'",
      `https://*.${config.siteDomain}`,
      ...frame,
      ...(dev ? ['ws:', 'wss:'] : []),
    ],
    frameSrc: ["'self'", ...frame],
    frameAncestors: ["'self'", ...frame],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    ...(config.siteOrigin.startsWith('https:')
      ? { upgradeInsecureRequests: [] }
      : {}),
  };
};

/** The CSP as a header value, for answers made outside the middleware (bare answers, cached pages). */
export const contentSecurityPolicy = (
  scriptSources: readonly string[],
  config: SiteConfig,
  dev: boolean,
): string =>
  Object.entries(cspDirectives(scriptSources, config, dev))
    .map(([name, values]: [string, unknown]) =>
      [
        name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
        ...(Array.isArray(values) ? values.map(String) : []),
      ].join(' '),
    )
    .join('; ');

const REFERRER_POLICY = 'strict-origin-when-cross-origin';
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
/** Powerful features no page here uses, refused for the page and every frame in it. */
const REFUSED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
] as const;

/**
 * The headers every answer carries, whatever made it: the chain below, and the answers made
 * beneath it (Node's clientError 400/431, the adapter's 400 for a request it cannot parse).
 */
export const baseSecurityHeaders = (dev: boolean): Record<string, string> => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'permissions-policy': REFUSED_FEATURES.map((name) => `${name}=()`).join(', '),
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  ...(dev ? {} : { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }),
});

/** The full set for an answer with no request context (no nonce: no inline script runs). */
export const bareSecurityHeaders = (
  config: SiteConfig,
  dev: boolean,
): Record<string, string> => ({
  ...baseSecurityHeaders(dev),
  'content-security-policy': contentSecurityPolicy([], config, dev),
});

/**
 * Security headers on every response, static files included (they pass through here), by
 * hono/secure-headers: the same set as `baseSecurityHeaders` (Hono's other defaults off, so an
 * answer carries what the bare answers carry) and the CSP with this request's nonce. A cached
 * page's CSP is swapped for the hash-based one by the guest cache when it stores the page; an answer outside any request
 * context gets no nonce (no inline script of ours runs there).
 */
export const securityHeaders = (
  config: SiteConfig,
  dev: boolean,
): MiddlewareHandler => {
  const headers = secureHeaders({
    contentSecurityPolicy: cspDirectives(
      [
        () => {
          const context = findRequestContext();
          return context ? `'nonce-${context.nonce}'` : '';
        },
      ],
      config,
      dev,
    ),
    xContentTypeOptions: 'nosniff',
    referrerPolicy: REFERRER_POLICY,
    permissionsPolicy: Object.fromEntries(
      REFUSED_FEATURES.map((name) => [name, false]),
    ),
    crossOriginOpenerPolicy: 'same-origin',
    xFrameOptions: 'SAMEORIGIN',
    strictTransportSecurity: dev ? false : STRICT_TRANSPORT_SECURITY,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (c, next) =>
    headers(c, async () => {
      await next();
      // a proxied answer's headers are immutable: Hono's middleware sets them in place
      mutableResponse(c);
    });
};
