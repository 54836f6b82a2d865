import 'server-only';

import {
  canonicalLocale,
  getLocaleEntry,
  INDEXABLE_LOCALES,
} from '../i18n/locales.ts';
import { BUILD_TIME } from '../lib/server/build-time.ts';
import { log } from '../lib/server/log.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { shareImagePath } from '../lib/share-image.ts';
import { loadPageHooks } from '../route-pages.ts';
import { ROUTES, routePath, type RouteEntry } from '../routes.ts';
import {
  buildSitemaps,
  type SitemapUrl,
  type Sitemaps,
} from './sitemap-files.ts';

export type SitemapEntry = {
  route: RouteEntry;
  key?: string;
  /** When the page's data last changed; absent: the build time. */
  lastmod?: string;
};

/**
 * A page's <lastmod> from its data (the route's `sitemapLastmod` hook). A failure leaves it to
 * the build time: a date is a hint to crawlers, never a reason to withhold the sitemap.
 */
const lastmodOf = async (
  route: RouteEntry,
  key: string | undefined,
): Promise<string | undefined> => {
  const mod = await loadPageHooks(route.id);
  if (!mod.sitemapLastmod) return undefined;
  try {
    return await mod.sitemapLastmod(key);
  } catch (error) {
    log('warn', 'sitemap lastmod left to the build time', {
      route: route.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
};

const withLastmod = async (entry: SitemapEntry): Promise<SitemapEntry> => {
  const lastmod = await lastmodOf(entry.route, entry.key);
  return lastmod ? { ...entry, lastmod } : entry;
};

/**
 * Every indexable route (keyed routes once per key from the data layer). Rejects when the data
 * layer cannot list a keyed route's keys: a sitemap without them would tell crawlers those
 * pages are gone.
 */
export const sitemapEntries = async (): Promise<SitemapEntry[]> => {
  const entries: SitemapEntry[] = [];
  for (const route of ROUTES) {
    if (!route.indexable) continue;
    if (!('param' in route)) {
      entries.push(await withLastmod({ route }));
      continue;
    }
    const mod = await loadPageHooks(route.id);
    const keys = mod.sitemapKeys ? await mod.sitemapKeys() : [];
    entries.push(
      ...(await Promise.all(keys.map((key) => withLastmod({ route, key })))),
    );
  }
  return entries;
};

/** The images of a page for the sitemap besides its share image: the logo on the home page. */
export const sitemapImages = (origin: string, route: RouteEntry): string[] =>
  route.id === 'home' ? [`${origin}/favicon.svg`] : [];

/**
 * Each entry once per indexable locale, with every locale and x-default as alternates, its
 * <lastmod> (the build time when its data has no date) and its images. The one place sitemap
 * URLs are made (from `routePath`).
 */
export const sitemapUrls = (
  origin: string,
  entries: readonly SitemapEntry[],
  excluded: (pathname: string) => boolean = () => false,
  buildTime: string = BUILD_TIME,
): SitemapUrl[] => {
  const urls: SitemapUrl[] = [];
  for (const { route, key, lastmod } of entries) {
    const images = sitemapImages(origin, route);
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
      urls.push({
        locale: code,
        loc: origin + pathname,
        alternates,
        lastmod: lastmod ?? buildTime,
        images: [
          ...images,
          origin + shareImagePath(canonicalLocale(code), route.id, key),
        ],
      });
  }
  return urls;
};

/**
 * Built at most once a minute per origin (keyed routes read the data layer); after a failed
 * build, its answer (the last good sitemaps, or the failure) stands for ten seconds
 * (`sitemap` in the site config).
 */
const cache = new Map<string, { until: number; sitemaps: Promise<Sitemaps> }>();
/** The last complete sitemaps per origin (one entry per allowed host). */
const lastGood = new Map<string, Sitemaps>();

/**
 * The sitemaps of this origin. When they cannot be built (the data layer failed), the last
 * complete ones are served instead; with none yet, the promise rejects (a 503, never a sitemap
 * with pages left out).
 */
const currentSitemaps = (): Promise<Sitemaps> => {
  const config = getSiteConfig();
  const origin = findRequestContext()?.origin ?? config.siteOrigin;
  const hit = cache.get(origin);
  if (hit && Date.now() < hit.until) return hit.sitemaps;
  const sitemaps: Promise<Sitemaps> = sitemapEntries().then(
    (entries) => {
      const built = buildSitemaps(origin, sitemapUrls(origin, entries));
      lastGood.set(origin, built);
      return built;
    },
    (error: unknown) => {
      // unless a newer build took this origin's place meanwhile
      if (cache.get(origin)?.sitemaps === sitemaps)
        cache.set(origin, {
          until: Date.now() + config.sitemap.retryMs,
          sitemaps,
        });
      const good = lastGood.get(origin);
      if (good) return good;
      throw error;
    },
  );
  // a rejection is answered by the caller; this keeps it from counting as unhandled meanwhile
  sitemaps.catch(() => undefined);
  cache.set(origin, { until: Date.now() + config.sitemap.ttlMs, sitemaps });
  return sitemaps;
};

/** No sitemap can be built and none was: crawlers come back later. */
const unavailable = () =>
  new Response(
    'Service Unavailable: the sitemap cannot be built right now.\n',
    {
      status: 503,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': '30',
      },
    },
  );

const sitemapsOrNull = (): Promise<Sitemaps | null> =>
  currentSitemaps().catch(() => null);

const xml = (body: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300, s-maxage=3600',
    },
  });

/** /sitemap.xml: the sitemap index, one file per locale. */
export const sitemapXml = async (): Promise<Response> => {
  const sitemaps = await sitemapsOrNull();
  return sitemaps ? xml(sitemaps.root) : unavailable();
};

/** /sitemaps/<locale>-<n>.xml: one file of the index (404 for any other name). */
export const sitemapFile = async (name: string): Promise<Response> => {
  const sitemaps = await sitemapsOrNull();
  if (!sitemaps) return unavailable();
  const file = sitemaps.files.get(name);
  return file
    ? xml(file)
    : new Response('Not Found\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
};
