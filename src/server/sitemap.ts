import 'server-only';

import { getLocaleEntry, INDEXABLE_LOCALES } from '../lib/locales.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { PAGE_MODULES } from '../route-pages.ts';
import { ROUTES, routePath, type RouteEntry } from '../routes.ts';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) =>
      ({
        '<': '&lt;',
        '>': '&gt;',
        '&': '&amp;',
        "'": '&apos;',
        '"': '&quot;',
      })[ch] ?? ch,
  );

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
    const mod = await PAGE_MODULES[route.id]();
    const keys = mod.sitemapKeys ? await mod.sitemapKeys().catch(() => []) : [];
    for (const key of keys) entries.push({ route, key });
  }
  return entries;
};

export const renderSitemap = (
  origin: string,
  entries: readonly SitemapEntry[],
): string => {
  const urls: string[] = [];
  for (const { route, key } of entries) {
    const alternates = [
      ...INDEXABLE_LOCALES.map(
        (code) =>
          `<xhtml:link rel="alternate" hreflang="${getLocaleEntry(code).sitemapTag}" href="${escapeXml(origin + routePath(code, route.id, key))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + routePath('en', route.id, key))}"/>`,
    ].join('');
    for (const code of INDEXABLE_LOCALES) {
      urls.push(
        `<url><loc>${escapeXml(origin + routePath(code, route.id, key))}</loc>${alternates}</url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
};

export const sitemapXml = async (): Promise<Response> => {
  const origin = findRequestContext()?.origin ?? getSiteConfig().siteOrigin;
  const body = renderSitemap(origin, await sitemapEntries());
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300, s-maxage=3600',
    },
  });
};
