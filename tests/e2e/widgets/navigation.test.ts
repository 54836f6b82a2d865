import { describe, expect, inject } from 'vitest';

import { headerNavLink, it, requestsSeen } from '../../helpers/browser.ts';
import { clearFaults, injectFault } from '../../helpers/sandbox.ts';
import { hydrated } from '../../helpers/session.ts';
import { pageState } from '../../helpers/widgets.ts';

// The trader widgets in the browser: client navigation: prefetch, the loading bar, links in server-rendered HTML, server-only parts.

const base = inject('baseURL');
const api = inject('apiURL');

describe('page actions, navigation feedback and the global error state', () => {
  it("prefetches a link's RSC payload on hover, and shows the loading bar on a slow navigation", async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/vi-VN/launchpad`);
    await hydrated(page);
    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/RSC/')) rsc.push(new URL(r.url()).pathname);
    });
    // a slow page: the API answers 2.5 s late. Delayed before the menu opens, since the open menu
    // may prefetch the Tax API link too (focus or pointer on it): a payload fetched before the
    // delay would make the click's navigation instant, with no loading bar due.
    await injectFault(api, {
      pathPrefix: '/api/v1/tax-api',
      kind: 'delay',
      ms: 2500,
      times: 6,
    });
    const careers = await headerNavLink(page, '/vi-VN/join_us');
    await careers.hover();
    await expect.poll(() => rsc.some((p) => p.includes('join_us'))).toBe(true);
    try {
      await page.locator('header nav a[href="/vi-VN/tax-api"]').click();
      await page.waitForSelector('.zmx-pv-loading-bar[data-visible]', {
        timeout: 5000,
      });
      await page.waitForURL(`${base}/vi-VN/tax-api`);
      // hidden again after the page arrived (hide 500 ms + reset 400 ms)
      await page.waitForSelector('.zmx-pv-loading-bar:not([data-visible])', {
        timeout: 5000,
      });
    } finally {
      await clearFaults(api);
    }
    expect(problems).toEqual([]);
  });

  it('prefetches at most 4 payloads at once (spec §9); the links pointed at meanwhile wait their turn', async ({
    open: openPage,
  }) => {
    const { page, problems } = await openPage();
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    // every payload is held until the test lets them go, so prefetches overlap
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/RSC/**', async (route) => {
      await held;
      // the page may have moved on (a request it no longer waits for): nothing to answer then
      await route.continue().catch(() => undefined);
    });
    let open = 0;
    let most = 0;
    const asked = new Set<string>();
    page.on('request', (r) => {
      if (!r.url().includes('/RSC/')) return;
      asked.add(new URL(r.url()).pathname);
      open += 1;
      most = Math.max(most, open);
    });
    const settle = (r: { url: () => string }) => {
      if (r.url().includes('/RSC/')) open -= 1;
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    // the footer's links: the header's are in closed menus
    const links = page.locator(
      'footer nav a[data-app-link]:not([href="/en/launchpad"])',
    );
    const count = await links.count();
    expect(count).toBeGreaterThan(6);
    for (let i = 0; i < Math.min(count, 6); i += 1) await links.nth(i).hover();
    // the first four start at once; the other two wait while those are held
    await expect.poll(() => open, { timeout: 10_000 }).toBe(4);
    await requestsSeen(page);
    expect(asked.size).toBe(4);
    // and start once those are answered
    release();
    await expect.poll(() => asked.size, { timeout: 10_000 }).toBe(6);
    expect(most).toBe(4);
    // the delayed answers still in flight finish before the page goes
    await page.unrouteAll({ behavior: 'wait' });
    expect(problems).toEqual([]);
  });

  it('links inside server-rendered HTML navigate on the client; Enter on a header link leaves the focus on the new main content; a Ctrl-click opens a tab', async ({
    open,
  }) => {
    const { context, page, problems } = await open();
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    const { mark, marked } = pageState(page);
    await mark();
    // a card of the launchpad list (its HTML is rendered as one string on the server)
    const card = page.locator('.card-grid a[data-app-link]').first();
    const cardPath = await card.getAttribute('href');
    expect(cardPath).toMatch(/^\/en\/launchpad\/[\w-]+$/);
    await card.click();
    await page.waitForURL(`${base}${cardPath}`);
    await page
      .getByRole('heading', { level: 2, name: 'Key facts', exact: true })
      .waitFor();
    expect(await marked()).toBe(true);
    // a footer link
    await page
      .getByRole('navigation', { name: 'Footer', exact: true })
      .getByRole('link', { name: 'Official verification', exact: true })
      .click();
    await page.waitForURL(`${base}/en/official-verify`);
    expect(await marked()).toBe(true);
    // by keyboard: the header navigation is drawn anew for the new page (its current link
    // changes), so the focus goes to the main content instead of the document (and from a
    // menu's link, not back to the menu's button)
    await (await headerNavLink(page, '/en/earning/savings')).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/en/earning/savings`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('main');
    // (the link is in its closed menu now)
    expect(
      await page
        .getByRole('navigation', { name: 'Main navigation', exact: true })
        .getByRole('link', {
          name: 'Savings',
          exact: true,
          includeHidden: true,
        })
        .getAttribute('aria-current'),
    ).toBe('page');
    // the head follows the client navigation: title, canonical, alternates, og:url
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        tags: [
          ...document.head.querySelectorAll(
            'link[rel=canonical], link[rel=alternate], meta[property="og:url"], meta[property="og:title"]',
          ),
        ].map((tag) => tag.getAttribute('href') ?? tag.getAttribute('content')),
      }));
    const { title, tags } = await head();
    expect(title).toMatch(/savings/i);
    expect(title).not.toMatch(/launchpad/i);
    expect(tags).toHaveLength(1 + 12 + 2);
    expect(tags.filter((tag) => tag?.includes('/launchpad'))).toEqual([]);
    expect(
      tags.filter((tag) => tag?.endsWith('/en/earning/savings')),
    ).toHaveLength(4);
    expect(await marked()).toBe(true);
    // a modified click is the browser's: a new tab, this page stays
    const opened = context.waitForEvent('page');
    await (
      await headerNavLink(page, '/en/launchpad')
    ).click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForURL(`${base}/en/launchpad`);
    expect(new URL(page.url()).pathname).toBe('/en/earning/savings');
    expect(await marked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("a document's server-only parts travel once (the inlined payload carries keys), and are drawn again after Back and Forward", async ({
    open,
  }) => {
    // the HTML: each part's markup is in the page once, not again in the payload for hydration
    const html = await (
      await fetch(`${base}/en/launchpad`, {
        headers: { cookie: 'b_t_c_k_test1=e2e' },
      })
    ).text();
    const flight = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1] ?? '')
      .filter((script) => script.includes('__FLIGHT_DATA'))
      .join('');
    expect(flight).toContain('htmlKey');
    const cardLink = html.match(/<a href="(\/en\/launchpad\/[\w-]+)"/)?.[1];
    expect(cardLink).toBeDefined();
    expect(flight).not.toContain(cardLink);
    // an RSC payload fetched by the router carries the markup itself
    const payload = await (
      await fetch(`${base}/RSC/R/en/launchpad.txt`, {
        headers: { cookie: 'b_t_c_k_test1=e2e' },
      })
    ).text();
    expect(payload).toContain(`href="${cardLink}"`);
    expect(payload).not.toContain('htmlKey');

    const { page, problems } = await open();
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    // the server-only parts: the header's are its menus' lists of links (the menus' buttons
    // are client components). The cards' countdowns tick: their running text is left out, the
    // ticker's mark (data-live) is kept, so a card drawn again must be ticking again.
    const parts = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '.card-grid, header nav .nav-group-links, footer nav, .zmx-pv-lang-list',
          ),
        ].map((element) => {
          const copy = element.cloneNode(true) as Element;
          for (const ticking of copy.querySelectorAll('.countdown-live'))
            ticking.textContent = '';
          return copy.innerHTML;
        }),
      );
    const ticking = () =>
      page.waitForFunction(() =>
        [...document.querySelectorAll('.card-grid [role="timer"]')].every(
          (timer) =>
            timer instanceof HTMLElement && timer.dataset.live === 'true',
        ),
      );
    await ticking();
    const before = await parts();
    expect(before.length).toBeGreaterThan(3);
    expect(before.every((inner) => inner.length > 20)).toBe(true);
    const { mark, marked } = pageState(page);
    await mark();
    await page.locator(`.card-grid a[href="${cardLink}"]`).click();
    await page.waitForURL(`${base}${cardLink}`);
    await page
      .getByRole('heading', { level: 2, name: 'Key facts', exact: true })
      .waitFor();
    await page.goBack();
    await page.waitForURL(`${base}/en/launchpad`);
    await page.locator(`.card-grid a[href="${cardLink}"]`).waitFor();
    await ticking();
    expect(await parts()).toEqual(before);
    await page.goForward();
    await page
      .getByRole('heading', { level: 2, name: 'Key facts', exact: true })
      .waitFor();
    await page.goBack();
    await page.locator(`.card-grid a[href="${cardLink}"]`).waitFor();
    await ticking();
    expect(await parts()).toEqual(before);
    expect(await marked()).toBe(true);
    expect(problems).toEqual([]);
  });
});
