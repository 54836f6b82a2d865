import { randomFillSync } from 'node:crypto';

import type { MiddlewareHandler } from 'hono';
import { isbot } from 'isbot';

import type { Locale } from '../i18n/locales.ts';
import { looseLocaleOfPath } from '../i18n/navigation.ts';
import { visitorLocale } from '../i18n/request.ts';
import { localeStrategy } from '../i18n/routing.ts';
import { resolveEnvironment, UA_MAX_LENGTH } from '../lib/config/index.ts';
import {
  isDocumentPath,
  navigationPath,
  pathKind,
} from '../lib/navigation-path.ts';
import {
  runWithRequestContext,
  type RequestContext,
} from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';
import { hasSessionCookie } from '../page-address.ts';
import { requestIdFor, type RequestIdEnv } from './access-log.ts';

const NONCE_BYTES = 16;
/** Random bytes drawn 4 KB at a time (one call for 256 nonces); each byte is used once. */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let taken = pool.length;

/** A fresh CSP nonce: 128 random bits, base64url. */
export const newNonce = (): string => {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const nonce = pool.toString('base64url', taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
};

/** The host this request is for, only when the deployment answers for it. */
export const trustedHost = (
  config: SiteConfig,
  header: (name: string) => string | undefined,
): string => {
  const forwarded = config.trustProxy
    ? header('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  const host = (forwarded ?? header('host') ?? '').toLowerCase();
  return config.allowedHosts.has(host) ? host : config.siteHost;
};

/** Builds the request context once per request and runs the rest inside it. */
export const requestContext =
  (
    config: SiteConfig,
  ): MiddlewareHandler<{
    Variables: Partial<RequestIdEnv['Variables']>;
  }> =>
  async (c, next) => {
    const host = trustedHost(config, (name) => c.req.header(name));
    const userAgent = (c.req.header('user-agent') ?? '').slice(
      0,
      UA_MAX_LENGTH,
    );
    const env = resolveEnvironment(host, {
      siteDomain: config.siteDomain,
      ...(config.devHost ? { devHost: config.devHost } : {}),
    });
    const origin =
      host === config.siteHost ? config.siteOrigin : `${env.protocol}//${host}`;
    const url = new URL(c.req.url);
    const raw = url.pathname;
    const search = url.search;
    // malformed percent-encoding (the normalise middleware answers 400): the path as it came
    let pathname = raw;
    let path = raw;
    try {
      pathname = decodeURIComponent(raw);
      const navigation = navigationPath(raw);
      path = navigation === raw ? pathname : (navigation ?? pathname);
    } catch {
      // kept as it came
    }
    const kind = pathKind(pathname);
    // the language of the answer: the path's (a page's prefix, or any spelling of one), else for
    // a document that names none (a 404 without a prefix) the visitor's, as `/` resolves it
    const locale: Locale | undefined =
      looseLocaleOfPath(path, localeStrategy()) ??
      (isDocumentPath(pathname) && kind !== 'asset'
        ? visitorLocale((name) => c.req.header(name)).locale
        : undefined);
    const context: RequestContext = {
      requestId:
        c.get('requestId') ?? requestIdFor(c.req.header('x-request-id')),
      env,
      origin,
      locale,
      path,
      nonce: newNonce(),
      isBot: userAgent.length > 0 && isbot(userAgent),
      userAgent,
      cookie: c.req.header('cookie') ?? '',
      search,
      session: hasSessionCookie(c.req.header('cookie')),
      // a document: its server-only parts reach the HTML pass here, not through the payload
      staticHtml: kind === 'rsc' ? undefined : new Map(),
    };
    await runWithRequestContext(context, next, c.req.raw);
  };
