import type { MiddlewareHandler } from 'hono';

import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';
import { mutableResponse } from './response.ts';

/** The CSP: scripts only from this origin plus the exact inline scripts (by nonce or hash). */
export const contentSecurityPolicy = (
  scriptSources: readonly string[],
  config: SiteConfig,
  dev: boolean,
): string => {
  const frameHost = config.frameUrl ? new URL(config.frameUrl).origin : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')}${frameHost ? ` ${frameHost}` : ''}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${config.imagesCdn ? ` https://img.${config.siteDomain}` : ''}${frameHost ? ` ${frameHost}` : ''}`,
    "font-src 'self' data:",
    // telemetry and the CDN live on the registrable domain (log., apm., errors., static.)
    `connect-src 'self' https://*.${config.siteDomain}${frameHost ? ` ${frameHost}` : ''}${dev ? ' ws: wss:' : ''}`,
    `frame-src 'self'${frameHost ? ` ${frameHost}` : ''}`,
    `frame-ancestors 'self'${frameHost ? ` ${frameHost}` : ''}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(config.siteOrigin.startsWith('https:')
      ? ['upgrade-insecure-requests']
      : []),
  ].join('; ');
};

/**
 * The headers every answer carries, whatever made it: the chain below, and the answers made
 * beneath it (Node's clientError 400/431, the adapter's 400 for a request it cannot parse).
 */
export const baseSecurityHeaders = (dev: boolean): Record<string, string> => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  ...(dev
    ? {}
    : { 'strict-transport-security': 'max-age=63072000; includeSubDomains' }),
});

/** The full set for an answer with no request context (no nonce: no inline script runs). */
export const bareSecurityHeaders = (
  config: SiteConfig,
  dev: boolean,
): Record<string, string> => ({
  ...baseSecurityHeaders(dev),
  'content-security-policy': contentSecurityPolicy([], config, dev),
});

/** Security headers on every response, static files included (they pass through here). */
export const securityHeaders = (
  config: SiteConfig,
  dev: boolean,
): MiddlewareHandler => {
  const base = Object.entries(baseSecurityHeaders(dev));
  return async (c, next) => {
    await next();
    const context = findRequestContext();
    const headers = mutableResponse(c).headers;
    for (const [name, value] of base) headers.set(name, value);
    if (context)
      headers.set(
        'content-security-policy',
        contentSecurityPolicy([`'nonce-${context.nonce}'`], config, dev),
      );
  };
};
