import { describe, expect, it } from 'vitest';

import { getLocaleEntry, LOCALE_CODES } from '../../src/i18n/locales.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';

/**
 * Decision 0009: a document's server-only parts (navigation, footer, cards, tables) reach its HTML
 * pass through the request being rendered, by key (`p0`, `p1` …), not through the payload. Many
 * uncached renders side by side (a token cookie skips the guest cache) must each get their own
 * parts: every part's links in the requested locale, every key in the payload drawn in the page
 * once, in order. A site of its own with the page cache off, so each request renders.
 */
// no refusals: this test is about what each render draws, on a machine that may be slow
const own = ownStack({
  env: { PAGE_CACHE: 'off', RENDER_MAX_WAIT_MS: '60000' },
});
const PAGES = [
  '/launchpad',
  '/launchpad/aurora-chain',
  '/earning/savings',
  '/announcement-info/margin-parameters',
] as const;

const render = async (locale: string, page: string) => {
  const res = await fetch(`${own.origin}/${locale}${page}`, {
    headers: {
      'user-agent': PERSON_UA,
      cookie: `b_t_c_k_test1=render-${locale}`,
    },
  });
  return { status: res.status, html: await res.text() };
};

describe('uncached renders side by side', () => {
  it('never mix their server-only parts (3 rounds of 12 locales × 4 pages at once)', async () => {
    for (let round = 0; round < 3; round++) {
      const jobs = LOCALE_CODES.flatMap((locale) =>
        PAGES.map(async (page) => ({
          locale,
          page,
          ...(await render(locale, page)),
        })),
      );
      for (const { locale, page, status, html } of await Promise.all(jobs)) {
        const where = `${locale}${page}`;
        expect(status, where).toBe(200);
        expect(html, where).toContain(
          `<html lang="${getLocaleEntry(locale).hreflang}"`,
        );
        const flight = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
          .map((m) => m[1] ?? '')
          .filter((script) => script.includes('__FLIGHT_DATA'))
          .join('');
        const payloadKeys = [...flight.matchAll(/htmlKey\\":\\"(p\d+)/g)].map(
          (m) => m[1],
        );
        const pageKeys = [...html.matchAll(/ data-sh="(p\d+)"/g)].map(
          (m) => m[1],
        );
        expect(pageKeys.length, where).toBeGreaterThan(3);
        expect(new Set(pageKeys).size, where).toBe(pageKeys.length);
        expect([...payloadKeys].sort(), where).toEqual([...pageKeys].sort());
        // the site's own links in the parts (the language menu's choices aside) stay in the locale
        const links = [
          ...html.matchAll(/<a href="(\/[^"]*)"(?![^>]*data-locale)/g),
        ].map((m) => m[1] ?? '');
        expect(links.length, where).toBeGreaterThan(10);
        for (const link of links)
          expect(
            link === `/${locale}` || link.startsWith(`/${locale}/`),
            `${where}: ${link}`,
          ).toBe(true);
      }
    }
  });
});
