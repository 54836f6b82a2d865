import 'server-only';

import type { I18n } from '@lingui/core';

import {
  canonicalLocale,
  getLocaleEntry,
  type Locale,
} from '../i18n/locales.ts';
import { socialProfiles } from '../lib/config/index.ts';
import type { PageHooks } from '../lib/page.ts';
import { requestHosts } from '../lib/server/hosts.ts';
import { log } from '../lib/server/log.ts';
import {
  breadcrumbList,
  organization,
  webSite,
  type Crumb,
  type JsonLd,
} from '../lib/structured-data.ts';
import { ROUTE_META } from '../route-meta.ts';
import { ROUTES, routePath, type RouteEntry } from '../routes.ts';

/**
 * The routes above a route in the breadcrumb trail, from the route table: the home page, then
 * each non-keyed route whose path is a leading part of this one (`/launchpad` above
 * `/launchpad/[id]`).
 */
export const parentRoutes = (route: RouteEntry): RouteEntry[] => {
  if (route.id === 'home') return [];
  const home = (ROUTES as readonly RouteEntry[]).find((r) => r.id === 'home');
  const parents = (ROUTES as readonly RouteEntry[])
    .filter(
      (r) =>
        r.id !== route.id &&
        r.path !== '' &&
        !r.param &&
        route.path.startsWith(`${r.path}/`),
    )
    .sort((a, b) => a.path.length - b.path.length);
  return home ? [home, ...parents] : parents;
};

/**
 * Every JSON-LD block of an indexable page: Organization and WebSite on the home page, a
 * BreadcrumbList everywhere, and what the route's `structuredData` hook adds (an Event for
 * phases). URLs are the canonical ones (en-US points at en). A hook that fails to build its part is logged and
 * left out: structured data never breaks a page.
 */
export const pageStructuredData = async (args: {
  route: RouteEntry;
  routeKey: string | undefined;
  locale: Locale;
  i18n: I18n;
  origin: string;
  siteName: string;
  heading: string;
  description: string;
  hooks: PageHooks;
}): Promise<JsonLd[]> => {
  const { route, routeKey, locale, i18n, origin } = args;
  if (!route.indexable) return [];
  const own = canonicalLocale(locale);
  const inLanguage = getLocaleEntry(locale).hreflang;
  const url = `${origin}${routePath(own, route.id, routeKey)}`;
  const homeUrl = `${origin}${routePath(own, 'home')}`;
  const crumbs: Crumb[] = [
    ...parentRoutes(route).map((r) => ({
      name: i18n._(ROUTE_META[r.id].nav),
      url: `${origin}${routePath(own, r.id)}`,
    })),
    { name: args.heading, url },
  ];
  const blocks: JsonLd[] = [];
  if (route.id === 'home')
    blocks.push(
      organization({
        origin,
        name: args.siteName,
        logo: `${origin}/favicon.svg`,
        sameAs: socialProfiles(requestHosts()),
      }),
      webSite({
        origin,
        name: args.siteName,
        url: homeUrl,
        description: args.description,
        inLanguage,
      }),
    );
  blocks.push(breadcrumbList(crumbs));
  if (args.hooks.structuredData) {
    try {
      blocks.push(
        ...(await args.hooks.structuredData({
          locale,
          routeKey,
          i18n,
          origin,
          url,
          heading: args.heading,
          description: args.description,
        })),
      );
    } catch (error) {
      log('warn', 'structured data left out', {
        route: route.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return blocks;
};
