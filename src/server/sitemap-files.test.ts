import { describe, expect, it } from 'vitest';

import {
  buildSitemaps,
  MAX_BYTES_PER_FILE,
  MAX_URLS_PER_FILE,
  type SitemapUrl,
} from './sitemap-files.ts';

const ORIGIN = 'https://www.example-exchange.com';
const LOCALES = ['de-DE', 'en', 'ja-JP'];

/** `n` pages, each in every locale, with every locale + x-default as alternates. */
const site = (n: number): SitemapUrl[] =>
  Array.from({ length: n }, (_, i) => {
    const alternates = [
      ...LOCALES.map((l) => [l, `${ORIGIN}/${l}/p/${i}`] as const),
      ['x-default', `${ORIGIN}/en/p/${i}`] as const,
    ];
    return LOCALES.map((locale) => ({
      locale,
      loc: `${ORIGIN}/${locale}/p/${i}`,
      alternates,
    }));
  }).flat();

const locs = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('buildSitemaps', () => {
  it('uses the sitemaps.org limits: 50,000 URLs and 50 MB a file', () => {
    expect(MAX_URLS_PER_FILE).toBe(50_000);
    expect(MAX_BYTES_PER_FILE).toBeLessThanOrEqual(50 * 1024 * 1024);
  });

  it('is one urlset with xhtml alternates while the site fits in one file', () => {
    const { root, files } = buildSitemaps(ORIGIN, site(2));
    expect(files.size).toBe(0);
    expect(root).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(root)).toHaveLength(6);
    expect(root).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/en/p/1"/>`,
    );
  });

  it('becomes an index of per-locale files past the URL limit, losing no URL', () => {
    const urls = site(25); // 75 URLs, limit 10 a file
    const { root, files } = buildSitemaps(ORIGIN, urls, {
      maxUrls: 10,
      maxBytes: MAX_BYTES_PER_FILE,
    });
    expect(root).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect([...files.keys()]).toEqual([
      'de-DE-1.xml',
      'de-DE-2.xml',
      'de-DE-3.xml',
      'en-1.xml',
      'en-2.xml',
      'en-3.xml',
      'ja-JP-1.xml',
      'ja-JP-2.xml',
      'ja-JP-3.xml',
    ]);
    const listed = [...root.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(listed).toEqual(
      [...files.keys()].map((name) => `${ORIGIN}/sitemaps/${name}`),
    );
    const all = [...files.values()].flatMap(locs);
    expect(all.sort()).toEqual(urls.map((u) => u.loc).sort());
    for (const [name, doc] of files) {
      expect(locs(doc).length).toBeLessThanOrEqual(10);
      // a per-locale file holds only its locale's pages
      expect(
        locs(doc).every((l) =>
          l?.includes(`/${name.replace(/-\d+\.xml$/, '')}/`),
        ),
      ).toBe(true);
    }
  });

  it('also splits by bytes', () => {
    const { files } = buildSitemaps(ORIGIN, site(30), {
      maxUrls: MAX_URLS_PER_FILE,
      maxBytes: 4096,
    });
    expect(files.size).toBeGreaterThan(3);
    for (const doc of files.values())
      expect(Buffer.byteLength(doc)).toBeLessThanOrEqual(4096);
  });

  it('splits a real site past 50,000 URLs (12,501 pages × 4 locales)', () => {
    const many: SitemapUrl[] = [];
    for (let i = 0; i < 12_501; i++)
      for (const locale of ['de-DE', 'en', 'ja-JP', 'ko-KR'])
        many.push({
          locale,
          loc: `${ORIGIN}/${locale}/launchpad/p${i}`,
          alternates: [],
        });
    expect(many).toHaveLength(50_004);
    const { root, files } = buildSitemaps(ORIGIN, many);
    expect(root).toContain('<sitemapindex');
    expect(files.size).toBe(4);
    expect(locs(files.get('ja-JP-1.xml') ?? '')).toHaveLength(12_501);
  });

  it('escapes what XML needs escaped', () => {
    const { root } = buildSitemaps(ORIGIN, [
      { locale: 'en', loc: `${ORIGIN}/en/welcome/a&b'"<>`, alternates: [] },
    ]);
    expect(root).toContain(`${ORIGIN}/en/welcome/a&amp;b&apos;&quot;&lt;&gt;`);
  });
});
