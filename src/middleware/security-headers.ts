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
    `img-src 'self' data: blob:${frameHost ? ` ${frameHost}` : ''}`,
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

/** Security headers on every response, static files included (they pass through here). */
export const securityHeaders =
  (config: SiteConfig, dev: boolean): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const context = findRequestContext();
    const headers = mutableResponse(c).headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    headers.set(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    headers.set('cross-origin-opener-policy', 'same-origin');
    headers.set('x-frame-options', 'SAMEORIGIN');
    if (!dev) {
      headers.set(
        'strict-transport-security',
        'max-age=63072000; includeSubDomains',
      );
    }
    if (context)
      headers.set(
        'content-security-policy',
        contentSecurityPolicy([`'nonce-${context.nonce}'`], config, dev),
      );
  };
