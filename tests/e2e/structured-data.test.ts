import { beforeAll, describe, expect, inject } from 'vitest';

import {
  canonicalLocale,
  getLocaleEntry,
  INDEXABLE_LOCALES,
  localeFromPath,
} from '../../src/i18n/locales.ts';
import { matchRoute, routePath, type RouteId } from '../../src/routes.ts';
import { it, PERSON_UA } from '../helpers/browser.ts';
import { htmlLang, linkHref } from '../helpers/html.ts';
import { sitemapPageUrls } from '../helpers/sitemap.ts';

const base = inject('baseURL');

type Json = Record<string, unknown>;
type Page = {
  url: string;
  status: number;
  lang: string | undefined;
  canonical: string | undefined;
  keywords: string | undefined;
  blocks: Json[];
  html: string;
};

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const readPage = async (url: string): Promise<Page> => {
  const res = await fetch(url, { headers: { 'user-agent': PERSON_UA } });
  const html = await res.text();
  const keywords = /<meta name="keywords" content="([^"]*)"/.exec(html)?.[1];
  const blocks = [
    ...html.matchAll(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
    ),
  ].map((m) => JSON.parse(m[1] ?? '') as Json);
  return {
    url,
    status: res.status,
    lang: htmlLang(html),
    canonical: linkHref(html, 'canonical'),
    keywords: keywords === undefined ? undefined : decode(keywords),
    blocks,
    html,
  };
};

const isAbsolute = (value: unknown) =>
  typeof value === 'string' && /^https?:\/\/[^/]+/.test(value);
const str = (value: unknown) =>
  typeof value === 'string' && value.trim().length > 0;

/** The properties each type needs (schema.org and Google's structured-data requirements). */
const problemsOf = (block: Json, page: Page): string[] => {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${String(block['@type'])}: ${what}`);
  };
  need(block['@context'] === 'https://schema.org', '@context');
  switch (block['@type']) {
    case 'Organization':
      need(str(block.name), 'name');
      need(isAbsolute(block.url), 'url');
      need(isAbsolute(block.logo), 'logo');
      need(
        Array.isArray(block.sameAs) &&
          block.sameAs.length > 0 &&
          block.sameAs.every(isAbsolute),
        'sameAs (its social channels)',
      );
      break;
    case 'WebSite':
      need(str(block.name), 'name');
      need(isAbsolute(block.url), 'url');
      need(block.inLanguage === page.lang, 'inLanguage of the page');
      break;
    case 'BreadcrumbList': {
      const items = Array.isArray(block.itemListElement)
        ? (block.itemListElement as Json[])
        : [];
      need(items.length > 0, 'itemListElement');
      items.forEach((item, i) => {
        need(item['@type'] === 'ListItem', `item ${i} type`);
        need(item.position === i + 1, `item ${i} position`);
        need(str(item.name), `item ${i} name`);
        need(isAbsolute(item.item), `item ${i} item`);
      });
      need(items.at(-1)?.item === page.canonical, 'last item is the page');
      break;
    }
    case 'Event': {
      const events = [
        block,
        ...(Array.isArray(block.subEvent) ? (block.subEvent as Json[]) : []),
      ];
      need(events.length > 1, 'phases as sub-events');
      for (const e of events) {
        need(str(e.name), 'name');
        need(!Number.isNaN(Date.parse(String(e.startDate))), 'startDate');
        need(!Number.isNaN(Date.parse(String(e.endDate))), 'endDate');
        const location = e.location as Json | undefined;
        need(
          location?.['@type'] === 'VirtualLocation' && isAbsolute(location.url),
          'location',
        );
        need(
          e.eventAttendanceMode ===
            'https://schema.org/OnlineEventAttendanceMode',
          'eventAttendanceMode',
        );
        need(e.inLanguage === page.lang, 'inLanguage of the page');
      }
      break;
    }
    default:
      problems.push(`unexpected type ${String(block['@type'])}`);
  }
  return problems;
};

/** The route of a page URL, from the route table. */
const routeOf = (url: string): RouteId | undefined => {
  const path = new URL(url).pathname;
  const locale = localeFromPath(path);
  return locale
    ? matchRoute(path.slice(locale.length + 1))?.route.id
    : undefined;
};

describe('keywords and JSON-LD on every indexable page × locale (crawled from the sitemap)', () => {
  const pages: Page[] = [];

  beforeAll(async () => {
    const queue = await sitemapPageUrls(base);
    const workers = Array.from({ length: 6 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift())
        pages.push(await readPage(url));
    });
    await Promise.all(workers);
  }, 240_000);

  it('gives every page keywords from its translations, or the home key’s', () => {
    expect(pages.length).toBeGreaterThan(INDEXABLE_LOCALES.length * 10);
    const homeKeywords = new Map<string, string | undefined>();
    for (const page of pages)
      if (routeOf(page.url) === 'home')
        homeKeywords.set(page.lang ?? '', page.keywords);
    for (const page of pages) {
      expect(page.status, page.url).toBe(200);
      expect(page.keywords?.trim(), page.url).toBeTruthy();
    }
    for (const locale of INDEXABLE_LOCALES) {
      const lang = getLocaleEntry(locale).hreflang;
      const find = (id: RouteId) =>
        pages.find((p) => p.url === `${base}${routePath(locale, id)}`);
      // launchpad has keywords of its own; official-verify falls back to the home key's
      expect(find('launchpad')?.keywords).not.toBe(homeKeywords.get(lang));
      expect(find('official-verify')?.keywords).toBe(homeKeywords.get(lang));
    }
    // in the page's language: Japanese keywords on a Japanese page
    expect(
      pages.find((p) => p.url === `${base}${routePath('ja-JP', 'launchpad')}`)
        ?.keywords,
    ).toMatch(/ローンチパッド/);
  });

  it('parses every block and finds the properties each type requires', () => {
    const problems: string[] = [];
    for (const page of pages)
      for (const block of page.blocks)
        for (const p of problemsOf(block, page))
          problems.push(`${page.url}: ${p}`);
    expect(problems).toEqual([]);
  });

  it('has a BreadcrumbList everywhere, Organization + WebSite at home, Event for phases', () => {
    for (const page of pages) {
      const types = page.blocks.map((b) => b['@type']);
      expect(types, page.url).toContain('BreadcrumbList');
      const route = routeOf(page.url);
      if (route === 'home')
        expect(types.slice(0, 2), page.url).toEqual([
          'Organization',
          'WebSite',
        ]);
      else expect(types, page.url).not.toContain('Organization');
      if (route === 'competition' || route === 'launchpad-project')
        expect(types, page.url).toContain('Event');
    }
    // a project's breadcrumb passes through the launchpad list, in the page's language
    const project = pages.find(
      (p) => routeOf(p.url) === 'launchpad-project' && p.lang === 'ja-JP',
    );
    const crumbs = project?.blocks.find((b) => b['@type'] === 'BreadcrumbList')
      ?.itemListElement as Json[] | undefined;
    expect(crumbs?.map((c) => c.item)).toEqual([
      `${base}${routePath('ja-JP', 'home')}`,
      `${base}${routePath('ja-JP', 'launchpad')}`,
      project?.canonical,
    ]);
    expect(crumbs?.[1]?.name).toBe('ローンチパッド');
  });

  it('points en-US at the canonical en URLs and carries no personal data', () => {
    const us = pages.find(
      (p) => p.url === `${base}${routePath('en-US', 'competition')}`,
    );
    if (us) {
      const crumbs = us.blocks.find((b) => b['@type'] === 'BreadcrumbList')
        ?.itemListElement as Json[] | undefined;
      expect(crumbs?.at(-1)?.item).toBe(
        `${base}${routePath(canonicalLocale('en-US'), 'competition')}`,
      );
    }
    const competition = pages.find(
      (p) => p.url === `${base}${routePath('en', 'competition')}`,
    );
    expect(competition).toBeDefined();
    // the leaderboard's nicknames are on the page, never in the structured data
    const nickname = /<td class="mono">([^<]+)<\/td>/.exec(
      competition?.html ?? '',
    )?.[1];
    expect(nickname).toBeTruthy();
    expect(JSON.stringify(competition?.blocks)).not.toContain(nickname);
  });
});

describe('JSON-LD under the CSP', () => {
  it('raises no violation on a fresh render (nonce) or a cached one (hashes)', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) =>
      violations.push(v),
    );
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (
          window as unknown as { reportViolation: (v: string) => void }
        ).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    for (const path of [
      routePath('th-TH', 'home'),
      routePath('th-TH', 'home'),
      routePath('ko-KR', 'competition'),
      routePath('ko-KR', 'competition'),
    ]) {
      await page.goto(`${base}${path}`);
      await page.waitForFunction(
        () => document.documentElement.dataset.hydrated === 'true',
      );
      const blocks = await page.$$eval(
        'script[type="application/ld+json"]',
        (els) => els.map((e) => JSON.parse(e.textContent ?? '') as unknown),
      );
      expect(blocks.length, path).toBeGreaterThan(0);
    }
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
