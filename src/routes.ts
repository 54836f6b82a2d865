import type { Unstable_RouteHref } from 'waku/router/client-core';

import {
  localePrefix,
  localeStrategy,
  type LocaleStrategy,
} from './i18n/routing.ts';
import { DEFAULT_LOCALE, localeFromPath, type Locale } from './lib/locales.ts';

/**
 * THE route table (spec §2). The router registers every entry once per locale of the
 * locale table; the header navigation, the sitemap, hreflang alternates, canonical URLs,
 * the language menu and the tests all read this table. There is no second list of paths.
 *
 * Pure data: no React, no I/O, so Node scripts and tests can import it.
 */

export type LayoutKind = 'default' | 'home' | 'bare';

export type RouteId =
  | 'index-back'
  | 'home'
  | 'join-us'
  | 'tax-api'
  | 'welcome'
  | 'welcome-campaign'
  | 'launchpad'
  | 'launchpad-project'
  | 'savings'
  | 'specify-the-path'
  | 'fee-discount'
  | 'official-verify'
  | 'unbind-google2fa'
  | 'lucky-draw'
  | 'competition'
  | 'red-envelopes'
  | 'contract-detail'
  | 'margin-parameters';

/** The name of the one path parameter a keyed route takes. */
export type RouteParam = 'name' | 'id' | 'luckyDrawName';

export type RouteEntry = {
  readonly id: RouteId;
  /** The path after the locale prefix: '' is the locale's home; keyed segments as [param]. */
  readonly path: string;
  readonly layout: LayoutKind;
  /** Keyed routes name their parameter; the page module exports `validate` for it. */
  readonly param?: RouteParam;
  /** Listed in the sitemap and hreflang sets (keyed routes list their keys). */
  readonly indexable: boolean;
  /** Shown in the header navigation. */
  readonly nav: boolean;
  /**
   * The query parameters the page reads. Every other parameter (utm_*, gclid, a
   * random cache-buster) is dropped before the render: it never changes the HTML, the RSC
   * payload, canonical or hreflang, and it is no part of the page cache key. It stays in the
   * address bar for analytics in the browser.
   */
  readonly query?: readonly string[];
};

export const ROUTES = [
  { id: 'home', path: '', layout: 'home', indexable: true, nav: false },
  {
    id: 'launchpad',
    path: '/launchpad',
    layout: 'default',
    indexable: true,
    nav: true,
  },
  {
    id: 'launchpad-project',
    path: '/launchpad/[id]',
    param: 'id',
    layout: 'default',
    indexable: true,
    nav: false,
  },
  {
    id: 'savings',
    path: '/earning/savings',
    layout: 'default',
    indexable: true,
    nav: true,
    query: ['coin', 'sort'],
  },
  {
    id: 'fee-discount',
    path: '/feediscount',
    layout: 'default',
    indexable: true,
    nav: true,
  },
  {
    id: 'competition',
    path: '/ZCCCompetition2025',
    layout: 'bare',
    indexable: true,
    nav: true,
  },
  {
    id: 'red-envelopes',
    path: '/redEnvelopes/receive',
    layout: 'bare',
    indexable: true,
    nav: true,
    query: ['code'],
  },
  {
    id: 'lucky-draw',
    path: '/snooker/[luckyDrawName]',
    param: 'luckyDrawName',
    layout: 'default',
    indexable: true,
    nav: false,
  },
  {
    id: 'welcome',
    path: '/welcome',
    layout: 'default',
    indexable: true,
    nav: true,
  },
  {
    id: 'welcome-campaign',
    path: '/welcome/[name]',
    param: 'name',
    layout: 'default',
    indexable: true,
    nav: false,
  },
  {
    id: 'contract-detail',
    path: '/announcement-info/contract-detail',
    layout: 'default',
    indexable: true,
    nav: true,
    query: ['q', 'type', 'page'],
  },
  {
    id: 'margin-parameters',
    path: '/announcement-info/margin-parameters',
    layout: 'default',
    indexable: true,
    nav: true,
    query: ['q', 'page'],
  },
  {
    id: 'official-verify',
    path: '/official-verify',
    layout: 'default',
    indexable: true,
    nav: true,
    query: ['kind', 'value'],
  },
  {
    id: 'tax-api',
    path: '/tax-api',
    layout: 'default',
    indexable: true,
    nav: true,
  },
  {
    id: 'join-us',
    path: '/join_us',
    layout: 'default',
    indexable: true,
    nav: true,
  },
  {
    id: 'unbind-google2fa',
    path: '/unbind-google2fa',
    layout: 'bare',
    indexable: false,
    nav: false,
    query: ['ticket'],
  },
  {
    id: 'specify-the-path',
    path: '/specify-the-path',
    layout: 'default',
    indexable: true,
    nav: false,
    query: ['goal'],
  },
  {
    id: 'index-back',
    path: '/index-back',
    layout: 'default',
    indexable: false,
    nav: false,
  },
] as const satisfies readonly RouteEntry[];

const byId = new Map<RouteId, RouteEntry>(ROUTES.map((r) => [r.id, r]));

export const getRoute = (id: RouteId): RouteEntry => {
  const route = byId.get(id);
  if (!route) throw new RangeError(`Unknown route ${id}`);
  return route;
};

/**
 * A same-site address as Waku's router takes it: `Link to`, `router.push`, `router.prefetch`
 * (a path, with a query and a hash if any).
 */
export type SitePath = Unstable_RouteHref;

/**
 * The localized pathname of a route under the locale strategy: `/ja-JP/launchpad/42`, and for
 * the default language under `prefix_except_default` `/launchpad/42` (its home: `/`).
 */
export const routePath = (
  locale: Locale,
  id: RouteId,
  key?: string,
  strategy: LocaleStrategy = localeStrategy(),
): SitePath => {
  const route = getRoute(id);
  const path = route.param
    ? route.path.replace(`[${route.param}]`, encodeURIComponent(key ?? ''))
    : route.path;
  return `${localePrefix(locale, strategy)}${path}` || '/';
};

/** Match a pathname after the locale prefix to a route and its key, if any. */
export const matchRoute = (
  pathAfterLocale: string,
): { route: RouteEntry; key?: string } | undefined => {
  const segments = pathAfterLocale.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    let key: string | undefined;
    const ok = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith('[')) {
        key = segment;
        return segment.length > 0;
      }
      return part === segment;
    });
    if (ok) return key === undefined ? { route } : { route, key };
  }
  return undefined;
};

/**
 * The locale of a pathname under the strategy: its prefix, or for an unprefixed path under
 * `prefix_except_default` the default language (undefined: no locale, `prefix` strategy).
 */
export const pathLocale = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): Locale | undefined =>
  localeFromPath(pathname) ??
  (strategy === 'prefix_except_default' ? DEFAULT_LOCALE : undefined);

/**
 * The page a pathname names when it is spelled exactly as the table spells it under the
 * strategy (`/ja-JP/launchpad/x`; `/launchpad` under `prefix_except_default`, where
 * `/en/launchpad` is not a page but a redirect to it).
 */
export const pageOfPath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): { locale: Locale; route: RouteEntry; key?: string } | undefined => {
  const prefixed = localeFromPath(pathname);
  const locale = pathLocale(pathname, strategy);
  if (locale === undefined) return undefined;
  if (prefixed !== undefined && localePrefix(prefixed, strategy) === '')
    return undefined;
  const found = matchRoute(
    prefixed === undefined ? pathname : pathname.slice(prefixed.length + 1),
  );
  if (!found) return undefined;
  return found.key === undefined
    ? { locale, route: found.route }
    : { locale, route: found.route, key: found.key };
};

/** Whether a pathname is a page of the route table, spelled as the strategy spells it. */
export const isPagePath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): boolean => pageOfPath(pathname, strategy) !== undefined;
