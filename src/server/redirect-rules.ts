import 'server-only';

import { LRUCache } from 'lru-cache';
import * as v from 'valibot';

import { DEFAULT_LOCALE, localeFromPath } from '../i18n/locales.ts';
import { spellPath } from '../i18n/navigation.ts';
import { localeStrategy, type LocaleStrategy } from '../i18n/routing.ts';
import { getServerApi } from '../lib/server/api-client.ts';
import { apiOriginFor } from '../lib/server/api-origin.ts';
import { log } from '../lib/server/log.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import {
  createRouteRules,
  matchRouteRedirect,
  type RouteRules,
} from '../lib/server/route-rules.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { routePath } from '../routes.ts';

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

/** Backslashes and control characters make browsers read a path as another host. */
const hasUnsafeCharacter = (s: string): boolean =>
  [...s].some(
    (ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f,
  );

/**
 * An internal target must be a page of the route table (spec §2: a target with no name or not
 * registered goes to the default language's home, /en), and is answered in the locale
 * strategy's spelling of that page, so a rule written as `/en/launchpad` or `/EN/Launchpad`
 * lands in one hop. Only a single leading slash, no backslash, no control characters: never a
 * protocol-relative or otherwise open redirect.
 */
export const safeInternalTarget = (
  to: string,
  strategy: LocaleStrategy = localeStrategy(),
): string => {
  const home = routePath(DEFAULT_LOCALE, 'home', undefined, strategy);
  if (!to.startsWith('/') || to.startsWith('//') || hasUnsafeCharacter(to))
    return home;
  let url: URL;
  try {
    url = new URL(to, 'http://internal.invalid');
    decodeURIComponent(url.pathname);
  } catch {
    return home;
  }
  if (url.host !== 'internal.invalid') return home;
  const spelled = spellPath(url.pathname.replace(/\/+$/, '') || '/', strategy);
  if (!spelled) return home;
  const path =
    spelled.kind === 'page'
      ? spelled.path
      : `/${DEFAULT_LOCALE}${spelled.rest}`;
  return `${path}${url.search}`;
};

/**
 * The path redirect rules are written for: the upstream's (every locale under its prefix), so
 * under `prefix_except_default` `/launchpad` is looked up as `/en/launchpad`.
 */
export const rulePath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): string =>
  strategy === 'prefix_except_default' && localeFromPath(pathname) === undefined
    ? `/${DEFAULT_LOCALE}${pathname === '/' ? '' : pathname}`
    : pathname;

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
 * The last answer the API gave for each path: while lookups fail, a path keeps the
 * rule it had. Bounded; the least recently answered paths are forgotten first.
 */
export const LAST_GOOD_RULES_MAX = 2000;
const lastGood = new LRUCache<string, Redirect>({ max: LAST_GOOD_RULES_MAX });
const remember = (
  pathname: string,
  redirect: Redirect | undefined,
): Redirect | undefined => {
  if (redirect) lastGood.set(pathname, redirect);
  else lastGood.delete(pathname);
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
    rulePath(pathname),
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
  if (Date.now() < pausedUntil) return lastGood.peek(pathname);
  try {
    // read through the server's bounded response cache: rules change rarely
    const { rule } = await getServerApi(undefined, { optional: true }).static(
      '/api/v1/redirect-rules',
      {
        query: { path: rulePath(pathname) },
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
    return lastGood.peek(pathname);
  }
};
