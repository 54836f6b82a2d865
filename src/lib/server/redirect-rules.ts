import 'server-only';

import * as v from 'valibot';

import { isPagePath } from '../../routes.ts';
import { DEFAULT_LOCALE } from '../locales.ts';
import { getServerApi } from './api-client.ts';
import { apiOriginFor } from './api-origin.ts';
import { log } from './log.ts';
import { findRequestContext } from './request-context.ts';
import {
  createRouteRules,
  matchRouteRedirect,
  type RouteRules,
} from './route-rules.ts';
import { getSiteConfig } from './site-config.ts';

const ruleSchema = v.object({
  rule: v.nullable(
    v.object({
      type: v.picklist(['internal', 'external']),
      to: v.pipe(v.string(), v.maxLength(2048)),
      status: v.optional(v.number()),
    }),
  ),
});

export type Redirect = {
  readonly location: string;
  readonly external: boolean;
  /** The status a route rule asks for (else 308 internal, 307 external). */
  readonly status?: 307 | 308;
};

/**
 * An internal target must be a registered route (spec §2: a target with no name or not
 * registered goes to /en). Only a single leading slash, no backslash, no control characters:
 * never a protocol-relative or otherwise open redirect.
 */
/** Backslashes and control characters make browsers read a path as another host. */
const hasUnsafeCharacter = (s: string): boolean =>
  [...s].some(
    (ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f,
  );

export const safeInternalTarget = (to: string): string => {
  if (!to.startsWith('/') || to.startsWith('//') || hasUnsafeCharacter(to))
    return `/${DEFAULT_LOCALE}`;
  let url: URL;
  try {
    url = new URL(to, 'http://internal.invalid');
  } catch {
    return `/${DEFAULT_LOCALE}`;
  }
  if (url.host !== 'internal.invalid') return `/${DEFAULT_LOCALE}`;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return `/${DEFAULT_LOCALE}`;
  }
  if (!isPagePath(pathname)) return `/${DEFAULT_LOCALE}`;
  return `${url.pathname}${url.search}`;
};

/** An external target only to an allowlisted host, over https, without userinfo. */
export const safeExternalTarget = (
  to: string,
  allowlist: ReadonlySet<string>,
): string | undefined => {
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password)
    return undefined;
  if (!allowlist.has(url.host.toLowerCase())) return undefined;
  return url.href;
};

/** After a failed lookup, pages stop asking for a while: an API outage must not slow every page. */
export const LOOKUP_PAUSE_MS = 5_000;
let pausedUntil = 0;

/**
 * The last answer the API gave for each path (issue 29): while lookups fail, a path keeps the
 * rule it had. Bounded; the least recently answered paths are forgotten first.
 */
export const LAST_GOOD_RULES_MAX = 2000;
const lastGood = new Map<string, Redirect>();
const remember = (
  pathname: string,
  redirect: Redirect | undefined,
): Redirect | undefined => {
  lastGood.delete(pathname);
  if (!redirect) return undefined;
  lastGood.set(pathname, redirect);
  if (lastGood.size > LAST_GOOD_RULES_MAX) {
    const oldest = lastGood.keys().next().value;
    if (oldest !== undefined) lastGood.delete(oldest);
  }
  return redirect;
};

let routeRules: RouteRules | undefined;
const getRouteRules = (): RouteRules =>
  (routeRules ??= createRouteRules({
    log: (msg, fields) => log('error', msg, fields),
  }));

/** A redirect from the live build manifest's route rules, made safe like every other. */
const manifestRedirect = async (
  pathname: string,
): Promise<Redirect | undefined> => {
  const config = getSiteConfig();
  const env = findRequestContext()?.env;
  if (!env) return undefined;
  const rule = matchRouteRedirect(
    await getRouteRules().manifest(apiOriginFor(config, env)),
    pathname,
  );
  if (!rule) return undefined;
  if (rule.to.startsWith('/')) {
    const location = safeInternalTarget(rule.to);
    return location === pathname
      ? undefined
      : { location, external: false, status: rule.status };
  }
  const location = safeExternalTarget(rule.to, config.redirectAllowlist);
  if (!location) {
    log('warn', 'route rule to a host not on the allowlist ignored', {
      pathname,
    });
    return undefined;
  }
  return { location, external: true, status: rule.status };
};

/**
 * The redirect for a path (spec §2, §7): the build manifest's route rules first, then the rule
 * fetched from the API for this path; never throws.
 */
export const findRedirect = async (
  pathname: string,
): Promise<Redirect | undefined> => {
  const fromManifest = await manifestRedirect(pathname);
  if (fromManifest) return fromManifest;
  const config = getSiteConfig();
  if (Date.now() < pausedUntil) return lastGood.get(pathname);
  try {
    // read through the server's bounded response cache: rules change rarely
    const { rule } = await getServerApi(undefined, { optional: true }).static(
      '/api/v1/redirect-rules',
      {
        query: { path: pathname },
        schema: ruleSchema,
        skipErrorToast: true,
      },
    );
    if (!rule) return remember(pathname, undefined);
    if (rule.type === 'internal') {
      const location = safeInternalTarget(rule.to);
      return remember(
        pathname,
        location === pathname ? undefined : { location, external: false },
      );
    }
    const location = safeExternalTarget(rule.to, config.redirectAllowlist);
    if (!location) {
      log('warn', 'redirect rule to a host not on the allowlist ignored', {
        pathname,
      });
      return remember(pathname, undefined);
    }
    return remember(pathname, { location, external: true });
  } catch (error) {
    pausedUntil = Date.now() + LOOKUP_PAUSE_MS;
    log('warn', 'redirect rule lookup failed', {
      pathname,
      error: String(error),
    });
    return lastGood.get(pathname);
  }
};
