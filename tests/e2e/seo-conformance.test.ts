import { beforeAll, describe, expect, inject, it } from 'vitest';

import { getLocaleEntry, INDEXABLE_LOCALES } from '../../src/i18n/locales.ts';
import { pathLocale } from '../../src/i18n/navigation.ts';
import {
  LOCALE_STRATEGIES,
  type LocaleStrategy,
} from '../../src/i18n/routing.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { htmlLang, htmlTitle } from '../helpers/html.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { readSitemaps, urlBlocks } from '../helpers/sitemap.ts';

/** The shared site runs the default strategy; a second one serves English without a prefix. */
const except = ownStack({
  env: { LOCALE_STRATEGY: 'prefix_except_default' },
});
const originOf = (strategy: LocaleStrategy): string =>
  strategy === 'prefix' ? inject('baseURL') : except.origin;

type Page = {
  url: string;
  status: number;
  lang?: string | undefined;
  title?: string | undefined;
  canonical?: string | undefined;
  alternates: Map<string, string>;
};

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]
    ?.replace(/&amp;/g, '&');

const readPage = async (url: string): Promise<Page> => {
  const res = await fetch(url, {
    headers: { 'user-agent': PERSON_UA },
    redirect: 'manual',
  });
  const html = await res.text();
  const alternates = new Map<string, string>();
  let canonical: string | undefined;
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'canonical') canonical = href;
    if (rel === 'alternate') {
      const lang = attr(tag, 'hreflang');
      if (lang) alternates.set(lang, href);
    }
  }
  return {
    url,
    status: res.status,
    alternates,
    lang: htmlLang(html),
    title: htmlTitle(html),
    canonical,
  };
};

/**
 * Crawls the built site from its sitemap (the crawler's view) and checks what crawlers rely on,
 * under each locale strategy.
 */
describe.each(LOCALE_STRATEGIES)(
  'SEO conformance under %s, crawled from /sitemap.xml',
  (strategy) => {
    const pages = new Map<string, Page>();
    let sitemapUrls: string[] = [];
    let sitemapAlternates: string[][] = [];
    let base = '';

    beforeAll(async () => {
      base = originOf(strategy);
      const { files } = await readSitemaps(base);
      const blocks = [...files.values()].flatMap(urlBlocks);
      sitemapUrls = blocks.map(
        (b) =>
          b.match(/<loc>([^<]+)<\/loc>/)?.[1]?.replace(/&amp;/g, '&') ?? '',
      );
      sitemapAlternates = blocks.map((b) =>
        [...b.matchAll(/href="([^"]+)"/g)].map((m) =>
          (m[1] ?? '').replace(/&amp;/g, '&'),
        ),
      );
      const queue = [...sitemapUrls];
      const workers = Array.from({ length: 8 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift())
          pages.set(url, await readPage(url));
      });
      await Promise.all(workers);
    }, 240_000);

    it('lists every indexable locale and absolute URLs on the configured origin', () => {
      expect(sitemapUrls.length).toBeGreaterThan(INDEXABLE_LOCALES.length * 10);
      for (const url of [...sitemapUrls, ...sitemapAlternates.flat()])
        expect(url.startsWith(`${base}/`), url).toBe(true);
      for (const alternates of sitemapAlternates)
        expect(alternates.length).toBe(INDEXABLE_LOCALES.length + 1);
    });

    it('every URL answers 200', () => {
      const bad = [...pages.values()]
        .filter((p) => p.status !== 200)
        .map((p) => `${p.status} ${p.url}`);
      expect(bad).toEqual([]);
    });

    it('<html lang> matches the hreflang of the page', () => {
      for (const page of pages.values()) {
        const locale = pathLocale(new URL(page.url).pathname, strategy);
        expect(locale, page.url).toBeDefined();
        if (locale)
          expect(page.lang, page.url).toBe(getLocaleEntry(locale).hreflang);
      }
    });

    it('the canonical is self-referencing, absolute and one of the alternates', () => {
      for (const page of pages.values()) {
        expect(page.canonical, page.url).toBe(page.url);
        expect([...page.alternates.values()], page.url).toContain(
          page.canonical,
        );
        for (const href of page.alternates.values())
          expect(href.startsWith(`${base}/`), href).toBe(true);
      }
    });

    it('every alternate answers 200 and points back (reciprocal), with x-default', () => {
      for (const page of pages.values()) {
        expect(page.alternates.has('x-default'), page.url).toBe(true);
        for (const [lang, href] of page.alternates) {
          if (lang === 'x-default') continue;
          const other = pages.get(href);
          expect(
            other,
            `${href} (alternate of ${page.url}) is in the sitemap`,
          ).toBeDefined();
          expect(other?.status).toBe(200);
          const pageLang = page.lang ?? '';
          expect(
            other?.alternates.get(pageLang),
            `${href} points back to ${page.url}`,
          ).toBe(page.url);
        }
      }
    });

    it('no two pages of one locale share a title', () => {
      const seen = new Map<string, string>();
      const dupes: string[] = [];
      for (const page of pages.values()) {
        const key = `${page.lang ?? ''}|${page.title ?? ''}`;
        const previous = seen.get(key);
        if (previous)
          dupes.push(`${page.title ?? ''}: ${previous} and ${page.url}`);
        seen.set(key, page.url);
      }
      expect(dupes).toEqual([]);
    });
  },
);
