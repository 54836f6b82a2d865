import { describe, expect, it } from 'vitest';

import {
  buildSitemaps,
  MAX_BYTES_PER_FILE,
  MAX_URLS_PER_FILE,
  newestLastmod,
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

  it('is an index of one file per locale, each url with lastmod, alternates and images', () => {
    const urls = site(2).map((u, i) => ({
      ...u,
      lastmod: `2026-0${i + 1}-15T00:00:00.000Z`,
      images: [`${ORIGIN}/og/${u.locale}.png`],
    }));
    const { root, files } = buildSitemaps(ORIGIN, urls);
    expect(root).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /,
    );
    expect([...files.keys()]).toEqual([
      'de-DE-1.xml',
      'en-1.xml',
      'ja-JP-1.xml',
    ]);
    // the index's lastmod of a file is the newest of its URLs' (en: February and May)
    expect(root).toContain(
      `<sitemap><loc>${ORIGIN}/sitemaps/en-1.xml</loc><lastmod>2026-05-15T00:00:00.000Z</lastmod></sitemap>`,
    );
    const en = files.get('en-1.xml') ?? '';
    expect(en).toMatch(
      /<urlset [^>]*xmlns:image="http:\/\/www.google.com\/schemas\/sitemap-image\/1.1"/,
    );
    expect(locs(en)).toHaveLength(2);
    expect(en).toContain(
      `<url><loc>${ORIGIN}/en/p/0</loc><lastmod>2026-02-15T00:00:00.000Z</lastmod><xhtml:link rel="alternate" hreflang="de-DE" href="${ORIGIN}/de-DE/p/0"/>`,
    );
    expect(en).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/en/p/1"/><image:image><image:loc>${ORIGIN}/og/en.png</image:loc></image:image></url>`,
    );
  });

  it('newestLastmod ignores missing and broken dates', () => {
    expect(
      newestLastmod([
        undefined,
        'x',
        '2026-01-01T00:00:00Z',
        '2025-01-01T00:00:00Z',
      ]),
    ).toBe('2026-01-01T00:00:00.000Z');
    expect(newestLastmod([undefined])).toBeUndefined();
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
    const { files } = buildSitemaps(ORIGIN, [
      { locale: 'en', loc: `${ORIGIN}/en/welcome/a&b'"<>`, alternates: [] },
    ]);
    expect(files.get('en-1.xml')).toContain(
      `${ORIGIN}/en/welcome/a&amp;b&apos;&quot;&lt;&gt;`,
    );
  });
});
