import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { headerNavLink, openPage, sharedBrowser } from '../helpers/browser.ts';
import { clearFaults, injectFault } from '../helpers/sandbox.ts';
import {
  DEMO,
  fillLogin,
  hydrated,
  loginFromHeader,
} from '../helpers/session.ts';

const base = inject('baseURL');
const api = inject('apiURL');

const browser = sharedBrowser();

/** '1,234.5 USDT' (en) → units of 10^-8, exactly. */
const units = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace(/[^\d.]/g, '').split('.');
  return BigInt(whole + fraction.padEnd(8, '0').slice(0, 8));
};
const balance = async (page: Page, side: 'from' | 'to') =>
  units(
    (await page
      .locator(`[data-dialog="transfer"] [data-account="${side}"] output`)
      .textContent()) ?? '',
  );
const balancesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[data-dialog="transfer"] output')].every(
      (o) => /\d/.test(o.textContent ?? ''),
    ),
  );

/** Presses Tab until `selector` has the focus (bounded), as a keyboard-only person would. */
const tabTo = async (page: Page, selector: string, max = 60) => {
  for (let i = 0; i < max; i++) {
    if (
      await page.evaluate(
        (s) => document.activeElement?.matches(s) ?? false,
        selector,
      )
    )
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
};

/** Opens the login modal from the header by keyboard; resolves once the email field has the focus. */
const openLoginByKeyboard = async (page: Page, path: string) => {
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await tabTo(page, 'header button.zmx-pv-login');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: 'Log in to your account',
    exact: true,
  });
  await dialog.waitFor();
  await page.waitForFunction(
    () => document.activeElement?.getAttribute('type') === 'email',
  );
  return dialog;
};

/** A mark in the page's JS state: it survives a client navigation, not a full page load. */
const pageState = (page: Page) => ({
  mark: () =>
    page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1)),
  marked: () =>
    page.evaluate(
      () => (window as unknown as { __mark?: number }).__mark === 1,
    ),
});

/** Toast titles without the screen-reader prefix ('Success: '). */
const toastTitles = async (page: Page) =>
  (await page.locator('.zmx-pv-toast-title').allTextContents()).map((t) =>
    t.replace(/^[^:]+:\s*/, ''),
  );
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );

describe('login modal and transfer dialog (sandbox demo account)', () => {
  it('guest → wrong password (localized, input kept) → login → transfer 10 USDT spot → fund → reload keeps session and balances', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/earning/savings`);
    await hydrated(page);
    // a guest: Log in and Sign up in the header, no user menu
    const header = page.locator('header');
    await expect
      .poll(() =>
        header.getByRole('button', { name: 'Log in', exact: true }).count(),
      )
      .toBe(1);
    await header.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByLabel('Password').fill('not-the-password1');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Wrong email or password.');
    // what was typed is still there
    expect(await dialog.getByLabel('Email').inputValue()).toBe(DEMO.email);
    expect(await dialog.getByLabel('Password').inputValue()).toBe(
      'not-the-password1',
    );
    // the token cookie is HttpOnly and not readable by script
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const menuButton = header.getByRole('button', {
      name: /^Account menu for /,
    });
    await menuButton.waitFor();
    expect(await toastTitles(page)).toContain('You are logged in');
    const token = (await context.cookies()).find((c) =>
      c.name.startsWith('b_t_c_k'),
    );
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('b_t_c_k');

    // the user menu opens the transfer dialog
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    const transfer = page.getByRole('dialog', {
      name: 'Transfer between accounts',
    });
    await transfer.waitFor();
    await balancesLoaded(page);
    expect(
      await transfer.getByRole('button', { name: /From/ }).textContent(),
    ).toContain('Spot');
    expect(
      await transfer.getByRole('button', { name: /To/ }).textContent(),
    ).toContain('Funding');
    const spotBefore = await balance(page, 'from');
    const fundBefore = await balance(page, 'to');
    await transfer.getByLabel('Amount').fill('10');
    await transfer
      .getByRole('button', { name: 'Transfer', exact: true })
      .click();
    await expect.poll(() => toastTitles(page)).toContain('Transfer complete');
    await expect
      .poll(() => balance(page, 'from'))
      .toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    await page.keyboard.press('Escape');
    await transfer.waitFor({ state: 'detached' });

    // a reload: still logged in, same new balances
    await page.reload();
    await hydrated(page);
    await menuButton.waitFor();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await transfer.waitFor();
    await balancesLoaded(page);
    expect(await balance(page, 'from')).toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the same flow by keyboard only', async () => {
    const { context, page, problems } = await openPage(browser());
    const dialog = await openLoginByKeyboard(page, '/en/launchpad');
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('wrong-password9');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Wrong email or password.');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(DEMO.email);
    await dialog.getByLabel('Password').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // the account button replaces Log in once the session is known
    await page.locator('header button.zmx-pv-user').waitFor();
    await tabTo(page, 'header button.zmx-pv-user');
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Transfer', exact: true });
    await item.waitFor();
    // the menu took the focus; arrows move within it
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('role') === 'menuitem',
    );
    await page.keyboard.press('Enter');
    const transfer = page.getByRole('dialog', {
      name: 'Transfer between accounts',
    });
    await transfer.waitFor();
    await balancesLoaded(page);
    const spotBefore = await balance(page, 'from');
    const fundBefore = await balance(page, 'to');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('name') === 'amount',
    );
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastTitles(page)).toContain('Transfer complete');
    await expect
      .poll(() => balance(page, 'from'))
      .toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    await page.keyboard.press('Escape');
    await transfer.waitFor({ state: 'detached' });
    // logout from the menu, by keyboard
    await tabTo(page, 'header button.zmx-pv-user');
    await page.keyboard.press('Enter');
    await page
      .getByRole('menuitem', { name: 'Log out', exact: true })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('header button.zmx-pv-login').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses a bad amount before sending, in the reader's language, and parses locale numbers", async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/de-DE/earning/savings`);
    await hydrated(page);
    await loginFromHeader(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem').first().click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    const amount = transfer.locator('input[name="amount"]');
    const submit = transfer.locator('button[type="submit"]');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/account/transfer')) requests.push(r.url());
    });
    for (const bad of ['0', '-5', '1,123456789', 'zehn', '99999999999']) {
      await amount.fill(bad);
      await submit.click();
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      const message = await transfer
        .locator('.zmx-pv-field-error')
        .first()
        .textContent();
      expect(message).toMatch(/[äöüß]|Betrag|Zahl|Guthaben/);
    }
    expect(requests).toEqual([]);
    // '1,5' in de-DE is one and a half
    const before = units(
      (await transfer.locator('[data-account="from"] output').textContent())
        ?.replace(/\./g, '')
        .replace(',', '.') ?? '',
    );
    await amount.fill('1,5');
    await submit.click();
    await expect.poll(() => requests.length).toBe(1);
    await expect
      .poll(async () =>
        units(
          (await transfer.locator('[data-account="from"] output').textContent())
            ?.replace(/\./g, '')
            .replace(',', '.') ?? '',
        ),
      )
      .toBe(before - 150_000_000n);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('axe finds no violations with the login modal open, nor with the transfer dialog open', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${base}/en`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    await page.locator('[data-dialog="login"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await fillLogin(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await page.locator('[data-dialog="transfer"]').waitFor();
    await balancesLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    // the toast region too
    await page
      .locator('[data-dialog="transfer"] input[name="amount"]')
      .fill('1');
    await page
      .locator('[data-dialog="transfer"] button[type="submit"]')
      .click();
    await page.locator('.zmx-pv-toast').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('new builds and chunk errors', () => {
  it('after the sandbox flips its build id, the next navigation is a full page load', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    const baseline = String(
      await (
        await page.waitForFunction(
          () => document.documentElement.dataset.buildId,
        )
      ).jsonValue(),
    );
    expect(baseline).toMatch(/^[\w.-]+$/);
    const { mark, marked } = pageState(page);
    // without a new build: a client navigation (the page's JS state survives)
    await mark();
    await (await headerNavLink(page, '/en/earning/savings')).click();
    await page.waitForURL(`${base}/en/earning/savings`);
    expect(await marked()).toBe(true);
    // flip the build id; the watcher notices when the tab becomes visible again
    const flip = await fetch(`${api}/__sandbox/build-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: `next-${Date.now()}` }),
    });
    expect(flip.status).toBe(200);
    try {
      await page.evaluate(() =>
        document.dispatchEvent(new Event('visibilitychange')),
      );
      await page.waitForFunction(
        () => document.documentElement.dataset.newBuild,
      );
      await (await headerNavLink(page, '/en/launchpad')).click();
      await page.waitForURL(`${base}/en/launchpad`);
      await hydrated(page);
      // a full load: the old page's JS state is gone
      expect(await marked()).toBe(false);
    } finally {
      await fetch(`${api}/__sandbox/build-id`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: baseline }),
      });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a chunk that fails to load reloads the page once, keeps the path, and never loops', async () => {
    const { context, page } = await openPage(browser());
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.route(/\/assets\/login-dialog[^/]*\.js$/, (route) =>
      route.abort(),
    );
    await page.goto(`${base}/en/join_us`);
    await hydrated(page);
    expect(loads).toBe(1);
    await page.locator('header button.zmx-pv-login').click();
    // one reload
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/en/join_us');
    // the same failure within the guard window: no second reload, the error screen instead
    await page.locator('header button.zmx-pv-login').click();
    await page
      .getByRole('heading', { name: 'This page stopped working', exact: true })
      .waitFor();
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    await context.close();
  });
});

describe('page actions, navigation feedback and the global error state', () => {
  it('a guest subscribes to savings: Subscribe → login modal → subscribe dialog → toast, funding balance down', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    await page.locator('button.zmx-pv-subscribe').first().click();
    await fillLogin(page);
    // the login's callback opens the subscribe dialog
    const dialog = page.getByRole('dialog', { name: /^Subscribe to USDT/ });
    await dialog.waitFor();
    await page.waitForFunction(() =>
      /\d/.test(
        document.querySelector('[data-dialog="subscribe"] output')
          ?.textContent ?? '',
      ),
    );
    const before = units((await dialog.locator('output').textContent()) ?? '');
    // below the minimum: refused before sending
    await dialog.getByLabel('Amount (USDT)').fill('1');
    await dialog
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await expect
      .poll(() => dialog.locator('.zmx-pv-field-error').textContent())
      .toMatch(/^The minimum is 10/);
    await dialog.getByLabel('Amount (USDT)').fill('10');
    await dialog
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toastTitles(page)).toContain('Subscribed');
    // the funding balance went down by exactly 10
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await page.locator('[data-dialog="transfer"]').waitFor();
    await balancesLoaded(page);
    const fundText =
      (await page
        .locator('[data-dialog="transfer"] [data-account="to"] output')
        .textContent()) ?? '';
    expect(units(fundText)).toBe(before - 10n * 10n ** 8n);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("prefetches a link's RSC payload on hover, and shows the loading bar on a slow navigation", async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/vi-VN/launchpad`);
    await hydrated(page);
    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/RSC/')) rsc.push(new URL(r.url()).pathname);
    });
    const careers = await headerNavLink(page, '/vi-VN/join_us');
    await careers.hover();
    await expect.poll(() => rsc.some((p) => p.includes('join_us'))).toBe(true);
    // a slow page: the API answers 1.2 s late
    await injectFault(api, {
      pathPrefix: '/api/v1/tax-api',
      kind: 'delay',
      ms: 1200,
      times: 3,
    });
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
    await context.close();
  });

  it('prefetches at most 4 payloads at once (spec §9); the links pointed at meanwhile wait their turn', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    // every payload answers 1.5 s late, so prefetches overlap
    await page.route('**/RSC/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
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
    // the first four start at once, the other two after them
    await expect.poll(() => asked.size, { timeout: 10_000 }).toBe(6);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBe(4);
    // the delayed answers still in flight finish before the page goes
    await page.unrouteAll({ behavior: 'wait' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('links inside server-rendered HTML navigate on the client; Enter on a header link leaves the focus on the new main content; a Ctrl-click opens a tab', async () => {
    const { context, page, problems } = await openPage(browser());
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
    await context.close();
  });

  it("a document's server-only parts travel once (the inlined payload carries keys), and are drawn again after Back and Forward", async () => {
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

    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    // the server-only parts: the header's are its menus' lists of links (the menus' buttons
    // are client components)
    const parts = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '.card-grid, header nav .nav-group-links, footer nav, .zmx-pv-lang-list',
          ),
        ].map((element) => element.innerHTML),
      );
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
    expect(await parts()).toEqual(before);
    await page.goForward();
    await page
      .getByRole('heading', { level: 2, name: 'Key facts', exact: true })
      .waitFor();
    await page.goBack();
    await page.locator(`.card-grid a[href="${cardLink}"]`).waitFor();
    expect(await parts()).toEqual(before);
    expect(await marked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an uncaught error from the site's scripts shows the error screen; Try again brings the page back", async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${base}/fr-FR/launchpad`);
    await hydrated(page);
    // the server-only parts (cards, navigation: their HTML came with the page, not the payload)
    const parts = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-sh]')].map((e) => e.innerHTML),
      );
    const before = await parts();
    expect(before.length).toBeGreaterThan(3);
    expect(before.every((inner) => inner.length > 20)).toBe(true);
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          error: new Error('boom'),
          message: 'boom',
          filename: `${location.origin}/assets/page.js`,
        }),
      );
    });
    const heading = page.getByRole('heading', {
      name: 'Cette page ne répond plus',
    });
    await heading.waitFor();
    expect(await page.locator('main#main').isVisible()).toBe(false);
    // an error from elsewhere (an extension) is not ours: nothing changes after Try again
    await page.getByRole('button', { name: 'Réessayer', exact: true }).click();
    await heading.waitFor({ state: 'detached' });
    expect(await page.locator('main#main').isVisible()).toBe(true);
    // drawn again from the first page's elements: the same server HTML
    expect(await parts()).toEqual(before);
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          error: new Error('extension'),
          filename: 'chrome-extension://abc/content.js',
        }),
      );
    });
    await page.waitForTimeout(300);
    expect(await heading.count()).toBe(0);
    await context.close();
  });
});

describe("the request client's toasts in the browser (spec §8)", () => {
  it('a ret_code answer shows a warning toast with the translated errorCode text; a 5xx shows an error toast', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${base}/de-DE/launchpad`);
    await hydrated(page);
    await loginFromHeader(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem').first().click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    // the session ends behind the page's back (logout from elsewhere)
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/v1/user/logout', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return r.status;
    });
    expect(status).toBe(200);
    await transfer.locator('input[name="amount"]').fill('1');
    await transfer.locator('button[type="submit"]').click();
    const warning = page.locator('.zmx-pv-toast-warning');
    await warning.waitFor();
    expect(
      await warning.locator('.zmx-pv-toast-title').textContent(),
    ).toContain('10008');
    expect(await warning.locator('.zmx-pv-toast-detail').textContent()).toBe(
      'Bitte melden Sie sich an, um fortzufahren.',
    );
    // the header is a guest's again
    await page.keyboard.press('Escape');
    await page.locator('header button.zmx-pv-login').waitFor();

    // a 503 from the API: an error toast titled with the status
    const login = page.locator('[data-dialog="login"]');
    await injectFault(api, {
      pathPrefix: '/api/v1/user/login',
      kind: 'status',
      status: 503,
      times: 1,
    });
    try {
      await page.locator('header button.zmx-pv-login').click();
      await login.locator('input[type="email"]').fill(DEMO.email);
      await login.locator('input[type="password"]').fill(DEMO.password);
      await login.locator('button[type="submit"]').click();
      const error = page.locator('.zmx-pv-toast-error');
      await error.waitFor();
      expect(
        await error.locator('.zmx-pv-toast-title').textContent(),
      ).toContain('503');
      // in the page's language, not the server's English status text
      expect(await error.locator('.zmx-pv-toast-detail').textContent()).toBe(
        'Der Server kann gerade nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
      );
      // the form says it too, and kept what was typed
      await expect
        .poll(() => login.getByRole('alert').textContent())
        .not.toBe('');
      expect(await login.locator('input[type="email"]').inputValue()).toBe(
        DEMO.email,
      );
    } finally {
      await clearFaults(api);
    }

    // a malformed answer: the site's proxy answers it with its own 502 envelope (never the
    // upstream bytes), shown as the status in the page's language, never a message id
    await page
      .locator('.zmx-pv-toast-error')
      .first()
      .waitFor({ state: 'detached' });
    await injectFault(api, {
      pathPrefix: '/api/v1/user/login',
      kind: 'malformed',
      times: 1,
    });
    try {
      await login.locator('button[type="submit"]').click();
      const error = page.locator('.zmx-pv-toast-error');
      await error.waitFor();
      expect(await error.locator('.zmx-pv-toast-detail').textContent()).toBe(
        'Der Server kann gerade nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
      );
      expect(
        await error.locator('.zmx-pv-toast-title').textContent(),
      ).toContain('502');
    } finally {
      await clearFaults(api);
    }
    await context.close();
  });
});

/** What has the keyboard focus: a short description for assertions ('BODY' when it is lost). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const name =
      active.getAttribute('aria-label') ??
      (active.textContent ?? '').trim().slice(0, 40);
    return `${active.tagName}${active.className ? `.${active.className.split(' ').join('.')}` : ''}:${name}`;
  });
/** Resolves once the widgets chunk has mounted (its toast region and session are in). */
const widgetsIn = (page: Page) =>
  page.waitForResponse((r) => /\/assets\/widgets[^/]*\.js$/.test(r.url()));

describe('keyboard focus around the account corner', () => {
  it('stays on Log in when the widgets chunk takes over the header, and Escape from the login modal gives it back', async () => {
    const { context, page, problems } = await openPage(browser());
    const chunk = widgetsIn(page);
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    const login = page.locator('header button.zmx-pv-login');
    // focused before the widgets chunk is in (it comes a second after the page starts)
    await login.focus();
    await chunk;
    await page.waitForTimeout(500);
    expect(await focused(page)).toMatch(/zmx-pv-login:Log in$/);
    // the modal opened after the swap returns the focus to the same button
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-login:Log in$/);

    // opened by keyboard before the chunk is in: Escape still returns to Log in
    const again = await openPage(browser());
    await again.page.goto(`${base}/en/earning/savings`);
    await hydrated(again.page);
    await again.page.locator('header button.zmx-pv-login').focus();
    await again.page.keyboard.press('Enter');
    const early = again.page.getByRole('dialog', {
      name: 'Log in to your account',
    });
    await early.waitFor();
    await again.page.waitForTimeout(1500);
    await again.page.keyboard.press('Escape');
    await early.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(again.page))
      .toMatch(/zmx-pv-login:Log in$/);
    expect(problems).toEqual([]);
    expect(again.problems).toEqual([]);
    await again.context.close();
    await context.close();
  });

  it('after a login from the header the account menu button has the focus; after logging out, Log in has it', async () => {
    const { context, page, problems } = await openPage(browser());
    const dialog = await openLoginByKeyboard(page, '/en/earning/savings');
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-user:Account menu/);
    // it stays there, and the menu opens from it
    await page.waitForTimeout(300);
    expect(await focused(page)).toMatch(/zmx-pv-user:Account menu/);
    await page.keyboard.press('Enter');
    await page
      .getByRole('menuitem', { name: 'Log out', exact: true })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('header button.zmx-pv-login').waitFor();
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-login:Log in$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a guest's Subscribe → login → subscribe dialog: closing it gives the focus back to that Subscribe button", async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    const second = page.locator('button.zmx-pv-subscribe').nth(1);
    await second.focus();
    const name = (await second.textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await login.waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('type') === 'email',
    );
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    const dialog = page.locator('[data-dialog="subscribe"]');
    await dialog.waitFor();
    await login.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(page))
      .toBe(
        `BUTTON.${(await second.getAttribute('class'))?.split(' ').join('.')}:${name}`,
      );
    // and stays there (the account corner's own focus rule does not take it)
    await page.waitForTimeout(300);
    expect(await focused(page)).toMatch(/zmx-pv-subscribe/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a field refused before sending takes the focus: login, sign-up, subscribe and transfer dialogs', async () => {
    const { context, page, problems } = await openPage(browser());
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel('Password');
    const submit = dialog.getByRole('button', { name: 'Log in', exact: true });
    // nothing typed: the email field takes the focus, invalid, its error as its description
    await submit.click();
    await expect
      .poll(() => email.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() =>
        email.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        ),
      )
      .toContain('Enter a valid email address');
    // a valid email, no password: the password field
    await email.fill(DEMO.email);
    await submit.click();
    await expect
      .poll(() => password.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // sign up with a weak password: the password field again
    await dialog.getByRole('tab', { name: 'Sign up', exact: true }).click();
    const signup = page.getByRole('dialog', {
      name: 'Create your account',
      exact: true,
    });
    await signup.getByLabel('Email').fill('someone@example.com');
    await signup.getByLabel('Password').fill('short');
    await signup
      .getByRole('button', { name: 'Create account', exact: true })
      .click();
    await expect
      .poll(() =>
        signup
          .getByLabel('Password')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await signup.waitFor({ state: 'detached' });

    // the subscribe dialog: an amount below the minimum takes the focus back
    await loginFromHeader(page);
    await page.locator('button.zmx-pv-subscribe').first().click();
    const subscribe = page.locator('[data-dialog="subscribe"]');
    await subscribe.waitFor();
    const amount = subscribe.locator('input[name="amount"]');
    await amount.fill('1');
    await subscribe.locator('button[type="submit"]').click();
    await expect
      .poll(() => amount.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await subscribe.waitFor({ state: 'detached' });

    // the transfer dialog: an amount over the balance takes the focus back
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    const transferAmount = transfer.locator('input[name="amount"]');
    await transferAmount.fill('999999999');
    await transfer.locator('button[type="submit"]').click();
    await expect
      .poll(() =>
        transferAmount.evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await transferAmount.getAttribute('aria-invalid')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });
});
