import { describe, expect, inject, it } from 'vitest';

import { getLocaleEntry, INDEXABLE_LOCALES } from '../../src/i18n/locales.ts';
import { routePath } from '../../src/routes.ts';
import {
  buildSitemaps,
  MAX_BYTES_PER_FILE,
  type SitemapUrl,
} from '../../src/server/sitemap-files.ts';
import { validateSitemapXml } from '../helpers/sitemap-schema.ts';
import { readSitemaps, sitemapLocs, urlBlocks } from '../helpers/sitemap.ts';

const base = inject('baseURL');
const ORIGIN = 'https://www.example-exchange.com';

const site = (n: number): SitemapUrl[] =>
  Array.from({ length: n }, (_, i) =>
    ['de-DE', 'en', 'zh-TW'].map((locale) => ({
      locale,
      loc: `${ORIGIN}/${locale}/p/${i}`,
      lastmod: '2026-11-20T08:00:00.000Z',
      images: [`${ORIGIN}/favicon.svg`],
      alternates: [
        ['de-DE', `${ORIGIN}/de-DE/p/${i}`],
        ['zh-Hant-TW', `${ORIGIN}/zh-TW/p/${i}`],
        ['x-default', `${ORIGIN}/en/p/${i}`],
      ] as const,
    })),
  ).flat();

describe('sitemaps against the sitemaps.org 0.9 schemas (+ xhtml, + Google images)', () => {
  it('the served index names one file per locale, and every file is valid', async () => {
    const { index, files } = await readSitemaps(base);
    expect(await validateSitemapXml(index)).toEqual([]);
    expect([...files.keys()].map((loc) => new URL(loc).pathname)).toEqual(
      INDEXABLE_LOCALES.map((code) => `/sitemaps/${code}-1.xml`),
    );
    // the index carries each file's newest lastmod
    expect(index.match(/<lastmod>/g)).toHaveLength(files.size);
    for (const [loc, doc] of files) {
      expect(await validateSitemapXml(doc), loc).toEqual([]);
      const code = /\/sitemaps\/(.+)-1\.xml$/.exec(loc)?.[1] ?? '';
      // a locale's file holds only that locale's pages
      for (const page of sitemapLocs(doc))
        expect(page.startsWith(`${base}/${code}`), page).toBe(true);
      // every URL has a W3C datetime lastmod and its hreflang alternates
      for (const block of urlBlocks(doc)) {
        const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(block)?.[1] ?? '';
        expect(Number.isNaN(Date.parse(lastmod)), block).toBe(false);
        expect(block).toContain(
          `hreflang="${getLocaleEntry('en').sitemapTag}"`,
        );
        expect(block).toContain('hreflang="x-default"');
      }
    }
  });

  it('takes lastmod from the data where it has dates, image entries for the logo', async () => {
    const { files } = await readSitemaps(base);
    const en = files.get(`${base}/sitemaps/en-1.xml`) ?? '';
    const blockOf = (path: string) =>
      urlBlocks(en).find((b) => b.startsWith(`<loc>${base}${path}</loc>`)) ??
      '';
    const dates = new Set(
      urlBlocks(en).map((b) => /<lastmod>([^<]+)</.exec(b)?.[1]),
    );
    // pages with dates in their data differ from the build time the others share
    expect(dates.size).toBeGreaterThan(2);
    const launchpad = /<lastmod>([^<]+)</.exec(
      blockOf(routePath('en', 'launchpad')),
    )?.[1];
    const taxApi = /<lastmod>([^<]+)</.exec(
      blockOf(routePath('en', 'tax-api')),
    )?.[1];
    expect(launchpad).toBeTruthy();
    expect(launchpad).not.toBe(taxApi);
    expect(Date.parse(launchpad ?? '')).toBeLessThanOrEqual(Date.now());
    expect(blockOf(routePath('en', 'home'))).toContain(
      `<image:image><image:loc>${base}/favicon.svg</image:loc></image:image>`,
    );
  });

  it('an index split past the limits and its per-locale files are valid', async () => {
    const split = buildSitemaps(ORIGIN, site(6), {
      maxUrls: 4,
      maxBytes: MAX_BYTES_PER_FILE,
    });
    expect(split.files.size).toBeGreaterThan(3);
    expect(await validateSitemapXml(split.root)).toEqual([]);
    for (const doc of split.files.values())
      expect(await validateSitemapXml(doc)).toEqual([]);
  });

  it('the validator does fail: a relative loc, a misplaced lastmod, an image without loc', async () => {
    const file = buildSitemaps(ORIGIN, site(1)).files.get('en-1.xml') ?? '';
    const broken = file
      .replace(`${ORIGIN}/en/p/0</loc>`, '/en</loc>')
      .replace('</url>', '<lastmod>yesterday</lastmod></url>');
    expect((await validateSitemapXml(broken)).length).toBeGreaterThan(1);
    const image = file.replace(
      /<image:loc>[^<]+<\/image:loc>/,
      '<image:title>x</image:title>',
    );
    expect((await validateSitemapXml(image)).length).toBeGreaterThan(0);
  });

  it('/sitemaps/<file> is 404 for a file the index does not name', async () => {
    const res = await fetch(`${base}/sitemaps/en-2.xml`);
    expect(res.status).toBe(404);
  });

  it('robots.txt names the index', async () => {
    const robots = await (await fetch(`${base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
