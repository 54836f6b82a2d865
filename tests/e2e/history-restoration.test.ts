import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import type { Locale } from '../../src/i18n/locales.ts';
import { routePath, type RouteId } from '../../src/routes.ts';
import { followLink, it } from '../helpers/browser.ts';
import { hydrated, loginFromHeader } from '../helpers/session.ts';

// Back and Forward (issue 41 point 7): the position an entry was left at comes back, and the
// page it showed is drawn again without asking the server.

const base = inject('baseURL');

const PHONE = { width: 390, height: 844 };

/** Hydrated, and Back and Forward handled by the site (its chunk comes right after the first JS). */
const ready = async (page: Page) => {
  await hydrated(page);
  await page.waitForSelector('html[data-history-ready]', { state: 'attached' });
};

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls to `y` and waits until the window is there (and the scroll event has been seen). */
const scrollTo = async (page: Page, y: number) => {
  const room = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  // the test needs a page long enough to be left at `y`
  expect(room).toBeGreaterThan(y + 10);
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await expect.poll(() => scrollY(page)).toBe(y);
  // one frame, so the scroll event has been dispatched
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(resolve)),
  );
};

/** Records the RSC payload requests the page makes from now on. */
const payloadRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/RSC/')) seen.push(pathname);
  });
  return seen;
};

/**
 * Whether the loading bar is shown at any moment from now on (checked in the page). The link
 * followed before may still show its own bar (full on arrival, hidden 500 ms later, and later
 * still on a throttled network): the watch starts once that one is hidden.
 */
const watchLoadingBar = async (page: Page) => {
  await page
    .locator('.zmx-pv-loading-bar:not([data-visible])')
    .waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const bar = document.querySelector('.zmx-pv-loading-bar');
    const flags = window as unknown as { barShown?: boolean };
    flags.barShown = false;
    if (!bar) throw new Error('no loading bar');
    new MutationObserver(() => {
      if (bar.hasAttribute('data-visible')) flags.barShown = true;
    }).observe(bar, { attributes: true });
  });
};
const barWasShown = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { barShown?: boolean }).barShown === true,
  );

/** The main heading of the page on screen. */
const heading = (page: Page) =>
  page.evaluate(() => document.querySelector('main h1')?.textContent ?? '');

const CASES: {
  locale: Locale;
  from: RouteId;
  to: RouteId;
  viewport?: { width: number; height: number };
}[] = [
  { locale: 'en', from: 'launchpad', to: 'savings' },
  { locale: 'ja-JP', from: 'savings', to: 'fee-discount' },
  { locale: 'de-DE', from: 'fee-discount', to: 'launchpad' },
  {
    locale: 'th-TH',
    from: 'launchpad',
    to: 'official-verify',
    viewport: PHONE,
  },
  { locale: 'zh-TW', from: 'savings', to: 'launchpad', viewport: PHONE },
];

describe('Back and Forward', () => {
  for (const { locale, from, to, viewport } of CASES)
    it(`${routePath(locale, from)} → ${routePath(locale, to)}${viewport ? ' (phone)' : ''}: Back lands where the page was left, Forward too, with no payload request and no loading bar`, async ({
      open,
    }) => {
      const { page, problems } = await open(viewport ? { viewport } : {});
      const a = routePath(locale, from);
      const b = routePath(locale, to);
      await page.goto(`${base}${a}`);
      await ready(page);
      const headingA = await heading(page);
      await scrollTo(page, 700);
      await followLink(page, b);
      await expect.poll(() => heading(page)).not.toBe(headingA);
      const headingB = await heading(page);
      // a link lands at the top, as before
      await expect.poll(() => scrollY(page)).toBe(0);
      await scrollTo(page, 300);

      const requests = payloadRequests(page);
      await watchLoadingBar(page);
      await page.goBack();
      await page.waitForURL(`${base}${a}`);
      await expect.poll(() => heading(page)).toBe(headingA);
      await expect
        .poll(async () => Math.abs((await scrollY(page)) - 700))
        .toBeLessThanOrEqual(2);
      await page.goForward();
      await page.waitForURL(`${base}${b}`);
      await expect.poll(() => heading(page)).toBe(headingB);
      await expect
        .poll(async () => Math.abs((await scrollY(page)) - 300))
        .toBeLessThanOrEqual(2);
      await page.goBack();
      await page.waitForURL(`${base}${a}`);
      await expect
        .poll(async () => Math.abs((await scrollY(page)) - 700))
        .toBeLessThanOrEqual(2);
      expect(requests).toEqual([]);
      expect(await barWasShown(page)).toBe(false);
      // the head follows the page drawn again
      expect(await page.title()).not.toBe('');
      expect(problems).toEqual([]);
    });

  it('on a throttled network (400 ms latency, 50 KB/s) Back is immediate: no request, no loading bar, the position at once', async ({
    open,
  }) => {
    const { page, problems } = await open({ viewport: PHONE });
    const a = routePath('ko-KR', 'launchpad');
    const b = routePath('ko-KR', 'savings');
    await page.goto(`${base}${a}`);
    await ready(page);
    const headingA = await heading(page);
    await scrollTo(page, 700);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    await followLink(page, b);
    await expect.poll(() => heading(page)).not.toBe(headingA);
    const requests = payloadRequests(page);
    await watchLoadingBar(page);
    // Back, timed in the page: from the traversal to the old heading at its position
    const landed = page.evaluate(
      ({ heading: expected }) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          const check = () => {
            if (
              document.querySelector('main h1')?.textContent === expected &&
              Math.abs(window.scrollY - 700) <= 2
            )
              resolve(performance.now() - started);
            else requestAnimationFrame(check);
          };
          addEventListener('popstate', () => requestAnimationFrame(check), {
            once: true,
          });
          // never there: fail in seconds, not at the test's timeout
          setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5000);
        }),
      { heading: headingA },
    );
    await page.goBack();
    const took = await landed;
    // one round trip of the emulated network is 400 ms: the page is back well before a
    // request could have been answered
    expect(took).toBeLessThan(400);
    expect(requests).toEqual([]);
    expect(await barWasShown(page)).toBe(false);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(problems).toEqual([]);
  });

  it('a reload keeps the position, and Back to an entry whose document was reloaded away restores it too', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const a = routePath('fr-FR', 'launchpad');
    const b = routePath('fr-FR', 'savings');
    await page.goto(`${base}${a}`);
    await ready(page);
    await scrollTo(page, 700);
    await page.reload();
    await ready(page);
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - 700))
      .toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    await followLink(page, b);
    await expect.poll(() => scrollY(page)).toBe(0);
    // B's document is loaded anew: A's entry now needs a document of its own
    await page.reload();
    await ready(page);
    await page.goBack();
    await page.waitForURL(`${base}${a}`);
    await ready(page);
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - 700))
      .toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
  });

  it('Back from a page loaded in full (the back/forward cache or a new document) lands where the page was left', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const a = routePath('es-MX', 'savings');
    await page.goto(`${base}${a}`);
    await ready(page);
    await scrollTo(page, 700);
    await page.goto(`${base}${routePath('es-MX', 'official-verify')}`);
    await ready(page);
    await page.goBack();
    await page.waitForURL(`${base}${a}`);
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - 700))
      .toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
  });

  it('after a login the pages kept from before are not drawn again: Back asks the server for the page', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const a = routePath('en', 'launchpad');
    const b = routePath('en', 'official-verify');
    await page.goto(`${base}${a}`);
    await ready(page);
    await scrollTo(page, 700);
    await followLink(page, b);
    await page.evaluate(() => window.scrollTo(0, 0));
    await loginFromHeader(page);
    await page.locator('header .zmx-pv-user').waitFor();
    const requests = payloadRequests(page);
    await page.goBack();
    await page.waitForURL(`${base}${a}`);
    await expect
      .poll(() => requests.filter((p) => p.includes('launchpad')).length)
      .toBe(1);
    // the position is still the one it was left at
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - 700))
      .toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
  });
});
