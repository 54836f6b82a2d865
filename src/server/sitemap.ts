import 'server-only';

import { getLocaleEntry, INDEXABLE_LOCALES } from '../lib/locales.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { loadPageModule } from '../route-pages.ts';
import { ROUTES, routePath, type RouteEntry } from '../routes.ts';
import {
  buildSitemaps,
  type SitemapUrl,
  type Sitemaps,
} from './sitemap-files.ts';

export type SitemapEntry = { route: RouteEntry; key?: string };

/** Every indexable route (keyed routes once per key from the data layer). */
export const sitemapEntries = async (): Promise<SitemapEntry[]> => {
  const entries: SitemapEntry[] = [];
  for (const route of ROUTES) {
    if (!route.indexable) continue;
    if (!('param' in route)) {
      entries.push({ route });
      continue;
    }
    const mod = await loadPageModule(route.id);
    const keys = mod.sitemapKeys ? await mod.sitemapKeys().catch(() => []) : [];
    for (const key of keys) entries.push({ route, key });
  }
  return entries;
};

/** Each entry once per indexable locale, with every locale and x-default as alternates. */
export const sitemapUrls = (
  origin: string,
  entries: readonly SitemapEntry[],
  excluded: (pathname: string) => boolean = () => false,
): SitemapUrl[] => {
  const urls: SitemapUrl[] = [];
  for (const { route, key } of entries) {
    const paths = INDEXABLE_LOCALES.map(
      (code) => [code, routePath(code, route.id, key)] as const,
    ).filter(([, pathname]) => !excluded(pathname));
    const alternates = [
      ...paths.map(
        ([code, pathname]) =>
          [getLocaleEntry(code).sitemapTag, origin + pathname] as const,
      ),
      ['x-default', origin + routePath('en', route.id, key)] as const,
    ];
    for (const [code, pathname] of paths)
      urls.push({ locale: code, loc: origin + pathname, alternates });
  }
  return urls;
};

/** Built at most once a minute per origin: keyed routes read the data layer. */
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; sitemaps: Promise<Sitemaps> }>();

const currentSitemaps = (): Promise<Sitemaps> => {
  const origin = findRequestContext()?.origin ?? getSiteConfig().siteOrigin;
  const hit = cache.get(origin);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.sitemaps;
  const sitemaps = sitemapEntries().then((entries) =>
    buildSitemaps(origin, sitemapUrls(origin, entries)),
  );
  cache.set(origin, { at: Date.now(), sitemaps });
  sitemaps.catch(() => cache.delete(origin));
  return sitemaps;
};

const xml = (body: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300, s-maxage=3600',
    },
  });

/** /sitemap.xml: the urlset, or the sitemap index once the site outgrows one file. */
export const sitemapXml = async (): Promise<Response> =>
  xml((await currentSitemaps()).root);

/** /sitemaps/<locale>-<n>.xml: one file of the index (404 while there is no index). */
export const sitemapFile = async (name: string): Promise<Response> => {
  const file = (await currentSitemaps()).files.get(name);
  return file
    ? xml(file)
    : new Response('Not Found\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
};
