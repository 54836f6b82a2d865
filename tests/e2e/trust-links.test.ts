import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import { competitionYear } from '../../src/features/competition/figures.ts';
import { LOCALE_CODES, type Locale } from '../../src/i18n/locales.ts';
import {
  DEFAULT_SITE_DOMAIN,
  getHostSet,
  helpCenterLanguage,
  localeSocialChannels,
  marketPageUrl,
  marketSiteUrl,
  resolveEnvironment,
  TRUST_LINK_IDS,
  trustLinks,
} from '../../src/lib/config/index.ts';
import { routePath } from '../../src/routes.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it, onePage, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

// Issue 42 (items 2–4): the footer's trust links and social channels from the environment's
// host set in every locale, market rows and the hero leading to the market site, and the
// competition's title year from its own dates.

const base = inject('baseURL');
const api = inject('apiURL');
/** The suite's server runs on loopback with the default site domain: its development hosts. */
const hosts = getHostSet(
  resolveEnvironment(new URL(base).host, { siteDomain: DEFAULT_SITE_DOMAIN }),
);

type FooterLink = {
  track: string;
  href: string;
  text: string;
  hidden: string;
  arrow: boolean;
};

const footerLinks = (page: Page): Promise<FooterLink[]> =>
  page.locator('footer.site-footer nav a[data-external]').evaluateAll((links) =>
    links.map((a) => ({
      track: a.getAttribute('data-track') ?? '',
      href: a.getAttribute('href') ?? '',
      text: a.textContent?.trim() ?? '',
      hidden: a.querySelector('.visually-hidden')?.textContent?.trim() ?? '',
      arrow:
        a.querySelector('svg.external-mark')?.getAttribute('aria-hidden') ===
        'true',
    })),
  );

/** The widths every point of issue 42 is checked at (phones), and a desktop. */
const WIDTHS = [
  { width: 320, height: 700 },
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/**
 * Each element is shown whole inside the viewport's width once scrolled to (not cut off, not
 * off screen): the selectors of those that are not.
 */
const outsideViewport = async (
  page: Page,
  selector: string,
): Promise<string[]> => {
  const elements = page.locator(selector);
  // there is something to check
  expect(await elements.count(), selector).toBeGreaterThan(0);
  return elements.evaluateAll((elements) => {
    const outside: string[] = [];
    for (const element of elements) {
      element.scrollIntoView({ block: 'center' });
      const box = element.getBoundingClientRect();
      if (
        box.width === 0 ||
        box.height === 0 ||
        box.left < 0 ||
        box.right > document.documentElement.clientWidth + 0.5
      )
        outside.push(
          `${element.getAttribute('data-track') ?? element.getAttribute('href') ?? element.tagName} (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
    }
    return outside;
  });
};

describe.each(WIDTHS)(
  'the footer a visitor trusts at $width px',
  (viewport) => {
    const browser = sharedBrowser();
    const shared = onePage(browser, { viewport });

    for (const locale of LOCALE_CODES)
      it(`${locale}: trust links and social channels point at the environment's hosts, each shown whole`, async () => {
        const { page, problems } = shared();
        problems.length = 0;
        const response = await page.goto(
          `${base}${routePath(locale, 'launchpad')}`,
        );
        expect(response?.status()).toBe(200);
        await hydrated(page);
        // a person can see and reach every one of them at this width
        await expect(
          outsideViewport(page, 'footer.site-footer nav a'),
        ).resolves.toEqual([]);
        const links = await footerLinks(page);
        const byTrack = new Map(links.map((l) => [l.track, l]));
        const expected = trustLinks(hosts, locale);
        for (const id of TRUST_LINK_IDS)
          expect(byTrack.get(`link:footer-${id}`)?.href, id).toBe(expected[id]);
        // the help centre in the locale's help language (spec §9's map)
        expect(expected.help).toBe(
          `https://${hosts.help}/hc/${helpCenterLanguage(locale)}`,
        );
        // the social channels that fit the locale, in order, and no other
        const social = links.filter((l) =>
          /^link:footer-(?:telegram|x|kakaotalk|naver|line|threads)$/.test(
            l.track,
          ),
        );
        const channels = localeSocialChannels(locale);
        expect(social.map((l) => l.track)).toEqual(
          channels.map((id) => `link:footer-${id}`),
        );
        expect(social.map((l) => l.href)).toEqual(
          channels.map((id) => hosts.social[id]),
        );
        // every external link says where it goes and that it leaves the site
        for (const link of links) {
          expect(link.text.length, link.track).toBeGreaterThan(
            link.hidden.length,
          );
          expect(link.hidden, link.track).not.toBe('');
          expect(link.arrow, link.track).toBe(true);
          expect(link.href, link.track).toMatch(/^https:\/\//);
        }
        if (locale !== 'en' && locale !== 'en-US')
          expect(
            links.find((l) => l.track === 'link:footer-terms')?.text,
          ).not.toContain('Terms of use');
        // the fee schedule is the site's own page
        const fees = page
          .locator('footer.site-footer nav')
          .locator(`a[href="${routePath(locale, 'fee-discount')}"]`);
        expect(await fees.count()).toBe(1);
        // the header's menus lead to the market site and the help centre too
        const menu = (id: string) =>
          page
            .locator(
              `header nav .nav-group-links a[data-track="link:nav-${id}"]`,
            )
            .getAttribute('href');
        await expect(menu('markets')).resolves.toBe(
          marketSiteUrl(hosts, locale),
        );
        await expect(menu('help')).resolves.toBe(expected.help);
        // the year is the render's, not one typed in the code
        const note = await page
          .locator('footer.site-footer .footer-note')
          .textContent();
        expect(note).toContain(String(new Date().getUTCFullYear()));
        expect(problems).toEqual([]);
      });

    it('the bare layout keeps the trust links in its compact footer, each shown whole', async () => {
      const { page } = shared();
      await page.goto(`${base}${routePath('ko-KR', 'competition')}`);
      await expect(
        outsideViewport(page, 'footer.site-footer nav a'),
      ).resolves.toEqual([]);
      const tracks = (await footerLinks(page)).map((l) => l.track);
      for (const id of TRUST_LINK_IDS)
        expect(tracks).toContain(`link:footer-${id}`);
      expect(tracks).toContain('link:footer-kakaotalk');
      // the site's own page lists stay out of the compact footer
      expect(
        await page
          .locator(
            `footer.site-footer a[href="${routePath('ko-KR', 'launchpad')}"]`,
          )
          .count(),
      ).toBe(0);
    });
  },
);

describe.each(WIDTHS)(
  'markets lead to the market site at $width px',
  (viewport) => {
    const browser = sharedBrowser();
    const shared = onePage(browser, { viewport });

    for (const [locale, route] of LOCALE_CODES.map(
      (locale, i) => [locale, i % 2 ? 'index-back' : 'home'] as const,
    ))
      it(`${locale} ${route}: each row's symbol cell links to its trading page, shown whole`, async () => {
        const { page, problems } = shared();
        problems.length = 0;
        await page.goto(`${base}${routePath(locale, route)}`);
        await hydrated(page);
        // the live table takes over from the server's copy once in sight: its rows are checked
        await page.locator('.markets-island').scrollIntoViewIfNeeded();
        await page.waitForSelector('.markets-island[data-live]', {
          state: 'attached',
        });
        const live = '.markets-island[data-live] > div > .markets-live';
        // the symbol links stay in view, whatever the table scrolls
        await expect(
          outsideViewport(page, `${live} tbody tr[data-symbol] th a`),
        ).resolves.toEqual([]);
        const rows = page.locator(`${live} tbody tr[data-symbol]`);
        const count = await rows.count();
        expect(count).toBeGreaterThan(0);
        const home = marketSiteUrl(hosts, locale);
        for (let i = 0; i < count; i++) {
          const row = rows.nth(i);
          const symbol = (await row.getAttribute('data-symbol')) ?? '';
          // the link sits in the row header, not on the row
          const link = row.locator('th[scope="row"] a');
          expect(await link.getAttribute('href')).toBe(
            marketPageUrl(home, symbol),
          );
          expect(await row.getAttribute('onclick')).toBeNull();
          expect(await row.getAttribute('role')).toBeNull();
        }
        // keyboard: Tab reaches a row's link, and its name says what it is
        const first = rows.first().locator('th a');
        await first.focus();
        expect(await first.evaluate((a) => a === document.activeElement)).toBe(
          true,
        );
        const name = (await first.textContent()) ?? '';
        expect(name).toMatch(/[A-Z]+\/[A-Z]+/);
        expect(
          (await first.locator('.visually-hidden').textContent())?.trim(),
        ).not.toBe('');
        expect(problems).toEqual([]);
      });

    it('the hero leads to the market site in the page’s locale', async () => {
      const { page } = shared();
      for (const locale of ['en', 'ko-KR'] as Locale[]) {
        await page.goto(`${base}${routePath(locale, 'home')}`);
        const trade = page.locator('.hero a[data-track="banner:home-trade"]');
        expect(await trade.getAttribute('href')).toBe(
          marketSiteUrl(hosts, locale),
        );
      }
    });
  },
);

const apiCompetition = async (): Promise<{
  phases: { phase: string; startAt: string; endAt: string }[];
}> => {
  const res = await fetch(`${api}/api/v1/competitions/ZCCCompetition2025`);
  const body = (await res.json()) as {
    result: { phases: { phase: string; startAt: string; endAt: string }[] };
  };
  return body.result;
};

describe('the competition agrees with its data', () => {
  const browser = sharedBrowser();
  const shared = onePage(browser, { viewport: { width: 1280, height: 900 } });

  for (const locale of ['en', 'ja-JP', 'th-TH'] as const)
    it(`${locale}: title and heading carry the year of its own dates`, async () => {
      const { page } = shared();
      const c = await apiCompetition();
      const trading = c.phases.find((p) => p.phase === 'trading');
      const year = String(
        new Date(Date.parse(trading?.startAt ?? '')).getUTCFullYear(),
      );
      expect(competitionYear(c.phases)).toBe(year);
      await page.goto(`${base}${routePath(locale, 'competition')}`);
      const h1 = (await page.locator('h1').first().textContent()) ?? '';
      const title = await page.title();
      expect(h1).toContain(`ZCC Trading Competition ${year}`);
      expect(title).toContain(year);
      for (const other of [Number(year) - 1, Number(year) + 1].map(String)) {
        expect(h1).not.toContain(other);
        expect(title).not.toContain(other);
      }
      // no promised update interval: the leaderboard says when it was updated
      const intro =
        (await page.locator('.page-intro .lead').textContent()) ?? '';
      expect(intro).not.toMatch(/every hour|stündlich|1時間ごと|ทุกชั่วโมง/);
    });
});

describe('axe on the pages this touches', () => {
  const browser = sharedBrowser();
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])
    describe(`at ${viewport.width}px`, () => {
      const shared = onePage(browser, { viewport });
      for (const path of [
        routePath('ko-KR', 'home'),
        routePath('ja-JP', 'index-back'),
        routePath('th-TH', 'competition'),
        routePath('de-DE', 'fee-discount'),
      ])
        it(`${path} has no violations`, async () => {
          const { page, problems } = shared();
          problems.length = 0;
          await page.goto(`${base}${path}`);
          await hydrated(page);
          expect(await axeViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
        });
    });
});

describe('the community cards', () => {
  it("each Copy button copies its channel's address once the widgets are in, and says so", async ({
    open,
  }) => {
    const { page, context, problems } = await open({
      viewport: { width: 390, height: 844 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: base,
    });
    await page.goto(`${base}${routePath('en', 'home')}`);
    await hydrated(page);
    const cards = page.locator('li.social');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const href = await card.locator('a.social-name').getAttribute('href');
      expect(href).toMatch(/^https:\/\//);
      // the live button the widgets put in the place of the server's disabled one
      const button = card.locator('.copy-island[data-live] > div > button');
      await button.scrollIntoViewIfNeeded();
      await expect(button.isEnabled()).resolves.toBe(true);
      await expect(card.locator('.copy-static').isVisible()).resolves.toBe(
        false,
      );
      await button.click();
      await expect.poll(() => button.innerText()).toBe('Copied');
      await expect(
        page.evaluate(() => navigator.clipboard.readText()),
      ).resolves.toBe(href);
    }
    expect(problems).toEqual([]);
  });
});
