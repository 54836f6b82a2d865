import type { Unstable_RouteHref } from 'waku/router/client-core';

import type { Locale } from './i18n/locales.ts';
import {
  localePath,
  localeStrategy,
  type LocaleStrategy,
} from './i18n/routing.ts';
import {
  NAV_GROUP_IDS,
  type LayoutKind,
  type NavGroupId,
  type RouteDeclaration,
} from './route-types.ts';
import { ROUTE_TABLE } from './routes.gen.ts';

export type { LayoutKind, NavGroupId } from './route-types.ts';

/** The parameter a path's bracketed segment names (`/launchpad/[id]` → `id`), else never. */
type ParamOf<Path extends string> =
  Path extends `${string}[${infer Name}]${string}` ? Name : never;

/** A declaration as the table serves it: its defaults filled in, its parameter read from its path. */
type Served<D extends RouteDeclaration> = Omit<D, 'layout' | 'indexable'> & {
  readonly layout: D extends { readonly layout: infer L } ? L : 'default';
  readonly indexable: D extends { readonly indexable: infer I } ? I : true;
} & ([ParamOf<D['path']>] extends [never]
    ? unknown
    : { readonly param: ParamOf<D['path']> });

type ServedEach<D> = D extends RouteDeclaration ? Served<D> : never;

const served = (declared: RouteDeclaration) => {
  const param = /\[([^\]]+)\]/.exec(declared.path)?.[1];
  return {
    ...declared,
    layout: declared.layout ?? 'default',
    indexable: declared.indexable ?? true,
    ...(param === undefined ? {} : { param }),
  };
};

/**
 * THE route table (spec §2). The router registers every entry once per locale of the
 * locale table; the header navigation, the footer, the sitemap, hreflang alternates, canonical
 * URLs, the language menu and the tests all read this table. There is no second list of paths.
 *
 * Each entry is declared once, in the `route.ts` of the feature folder that holds its page
 * (src/route-types.ts says what an entry holds, and its defaults); src/routes.gen.ts, written by
 * `npm run routes:gen`, gathers them, features in folder order. Pure data: no React, no I/O, so
 * Node scripts and tests can import it.
 */
// `Served` states at the type level what `served` does (src/routes.test.ts checks the two agree)
export const ROUTES = ROUTE_TABLE.map(served) as readonly ServedEach<
  (typeof ROUTE_TABLE)[number]
>[];

/** A route's id, as its feature folder's route.ts declares it. */
export type RouteId = (typeof ROUTES)[number]['id'];

/** The name of the one path parameter a keyed route takes (the bracketed segment of its path). */
export type RouteParam = Extract<
  (typeof ROUTES)[number],
  { readonly param: string }
>['param'];

export type RouteEntry = Omit<
  RouteDeclaration,
  'id' | 'layout' | 'indexable'
> & {
  readonly id: RouteId;
  readonly layout: LayoutKind;
  readonly indexable: boolean;
  /** A keyed route's parameter, from its path; its feature's seo.ts gives it `validate`. */
  readonly param?: RouteParam;
};

/**
 * The routes with a place in the header's menus (`header`) or the footer's lists (`footer`), by
 * group in the groups' order, each group in its routes' order, as each route.ts places them.
 * Groups without a route are left out.
 */
export const placedRoutes = (
  where: 'header' | 'footer',
): { readonly group: NavGroupId; readonly routes: readonly RouteId[] }[] =>
  NAV_GROUP_IDS.flatMap((group) => {
    const routes = (ROUTES as readonly RouteEntry[])
      .flatMap((route) => {
        const nav = route.nav;
        return nav?.[where] === group
          ? [{ id: route.id, order: nav.order }]
          : [];
      })
      .sort((a, b) => a.order - b.order)
      .map((route) => route.id);
    return routes.length ? [{ group, routes }] : [];
  });

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
  return localePath(locale, path, strategy);
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
