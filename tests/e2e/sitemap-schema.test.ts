import { describe, expect, inject, it } from 'vitest';

import {
  buildSitemaps,
  MAX_BYTES_PER_FILE,
  type SitemapUrl,
} from '../../src/server/sitemap-files.ts';
import { validateSitemapXml } from '../helpers/sitemap-schema.ts';

const base = inject('baseURL');
const ORIGIN = 'https://www.example-exchange.com';

const site = (n: number): SitemapUrl[] =>
  Array.from({ length: n }, (_, i) =>
    ['de-DE', 'en', 'zh-TW'].map((locale) => ({
      locale,
      loc: `${ORIGIN}/${locale}/p/${i}`,
      alternates: [
        ['de-DE', `${ORIGIN}/de-DE/p/${i}`],
        ['zh-Hant-TW', `${ORIGIN}/zh-TW/p/${i}`],
        ['x-default', `${ORIGIN}/en/p/${i}`],
      ] as const,
    })),
  ).flat();

describe('sitemaps against the sitemaps.org 0.9 schemas', () => {
  it('the served /sitemap.xml is valid', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(await validateSitemapXml(await res.text())).toEqual([]);
  });

  it('an index and its per-locale files are valid', async () => {
    const split = buildSitemaps(ORIGIN, site(6), {
      maxUrls: 4,
      maxBytes: MAX_BYTES_PER_FILE,
    });
    expect(split.files.size).toBeGreaterThan(1);
    expect(await validateSitemapXml(split.root)).toEqual([]);
    for (const doc of split.files.values())
      expect(await validateSitemapXml(doc)).toEqual([]);
  });

  it('the validator does fail: a relative loc, a misplaced lastmod', async () => {
    const broken = buildSitemaps(ORIGIN, site(1))
      .root.replace(`${ORIGIN}/en/p/0</loc>`, '/en</loc>')
      .replace('</url>', '<lastmod>yesterday</lastmod></url>');
    expect((await validateSitemapXml(broken)).length).toBeGreaterThan(1);
  });

  it('/sitemaps/<file> is 404 while the site fits one file', async () => {
    const res = await fetch(`${base}/sitemaps/en-1.xml`);
    expect(res.status).toBe(404);
  });
});
