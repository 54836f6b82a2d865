import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import { routePath } from '../../src/routes.ts';
import { NAV_GROUPS } from '../../src/shell/layout/nav-groups.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openPage, PERSON_UA, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

/** The header's links: every route of its menus, then the market site and the help centre. */
const HEADER_LINKS = NAV_GROUPS.flatMap((group) => group.routes).length + 2;

const base = inject('baseURL');
const browser = sharedBrowser();

/**
 * The header's visible parts (brand, navigation, tools) and whether they sit in one row: every
 * part starts above the bottom of every other. Also the header's height, which grows when
 * something inside a part wraps.
 */
const headerRow = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header.bar');
    if (!header) return { parts: 0, oneRow: false, height: 0 };
    const boxes = [...header.children]
      .filter((child) => child.checkVisibility())
      .map((child) => child.getBoundingClientRect());
    const lowestTop = Math.max(...boxes.map((b) => b.top));
    const highestBottom = Math.min(...boxes.map((b) => b.bottom));
    return {
      parts: boxes.length,
      oneRow: lowestTop < highestBottom,
      height: Math.round(header.getBoundingClientRect().height),
    };
  });

/** Whether the focused element is inside the element `selector` finds. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate(
    (s) => document.querySelector(s)?.contains(document.activeElement) ?? false,
    selector,
  );

describe('header navigation', () => {
  it('is one row at 1366 and 1024 px in every locale, on the default and home headers', async () => {
    const { context, page, problems } = await openPage(browser());
    const wrapped: string[] = [];
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const locale of LOCALE_CODES)
        for (const id of ['launchpad', 'home'] as const) {
          const path = routePath(locale, id);
          expect((await page.goto(`${base}${path}`))?.status()).toBe(200);
          const { parts, oneRow, height } = await headerRow(page);
          expect(parts, path).toBe(3);
          // one row of 40 px controls and the bar's padding; two rows would be over 90
          if (!oneRow || height > 72)
            wrapped.push(`${path} at ${width}px: ${height}px high`);
        }
    }
    expect(wrapped).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a menu opens on click and by keyboard; Escape, a click outside and a link followed close it', async () => {
    const { context, page, problems } = await openPage(browser(), {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto(`${base}/en/launchpad`);
    // the page's streamed section hydrated too: the menu's focus is what is under test
    await hydrated(page);
    const nav = page.getByRole('navigation', {
      name: 'Main navigation',
      exact: true,
    });
    const products = nav.getByRole('button', { name: 'Products' });
    const savings = nav.getByRole('link', { name: 'Savings', exact: true });
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    expect(await savings.isVisible()).toBe(false);
    await products.click();
    await savings.waitFor({ state: 'visible' });
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    // the links are in the navigation landmark, in a dialog named after the group
    expect(
      await nav.getByRole('dialog', { name: 'Products' }).isVisible(),
    ).toBe(true);
    // the current page is marked in its menu, and on its group's button
    expect(
      await nav
        .getByRole('link', { name: 'Launchpad', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await products.getAttribute('data-here')).toBe('');
    // the popover, open, is clean for axe
    expect(await axeViolations(page)).toEqual([]);
    await savings.focus();
    await page.keyboard.press('Escape');
    await savings.waitFor({ state: 'hidden' });
    expect(await products.evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    // by keyboard: Enter on the focused button opens it again
    await page.keyboard.press('Enter');
    await savings.waitFor({ state: 'visible' });
    await page.mouse.click(5, 600);
    await savings.waitFor({ state: 'hidden' });
    // each link is in the page once (moved into the popover, not copied)
    await products.click();
    expect(await page.locator('a[href="/en/earning/savings"]').count()).toBe(
      2, // the menu's and the footer's
    );
    // a link followed closes its menu and navigates
    await savings.click();
    await page.waitForURL(`${base}/en/earning/savings`);
    await savings.waitFor({ state: 'hidden' });
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a click on a menu button before the widgets chunk is in opens the menu when it arrives', async () => {
    const { context, page, problems } = await openPage(browser(), {
      viewport: { width: 1366, height: 900 },
    });
    // the widgets chunk (which brings the menus) is held until the click has happened
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/widgets\.client-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(`${base}/ja-JP/launchpad`);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
    const support = nav.getByRole('button', { name: 'サポート' });
    const verify = nav.locator('a[href="/ja-JP/official-verify"]');
    await support.click();
    await requested;
    expect(await support.getAttribute('aria-expanded')).toBe('false');
    expect(await verify.isVisible()).toBe(false);
    release();
    await verify.waitFor({ state: 'visible' });
    expect(await support.getAttribute('aria-expanded')).toBe('true');
    expect(
      await nav.getByRole('dialog', { name: 'サポート' }).isVisible(),
    ).toBe(true);
    expect(await page.locator('a[href="/ja-JP/official-verify"]').count()).toBe(
      2, // the menu's and the footer's
    );
    await page.keyboard.press('Escape');
    await verify.waitFor({ state: 'hidden' });
    expect(await support.evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('below 1024 px a Menu button opens a drawer: focus trapped, Escape closes it, the focus returns to the button', async () => {
    const { context, page, problems } = await openPage(browser(), {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${base}/ru-RU/launchpad`);
    await hydrated(page);
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Меню', exact: true });
    // the groups' buttons are not shown at this width
    expect(
      await header.getByRole('button', { name: 'Продукты' }).isVisible(),
    ).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // on a phone the button shows its icon and its name is heard; on a tablet both are shown
    const label = menu.locator('.nav-drawer-label');
    expect((await label.boundingBox())?.width).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 768, height: 844 });
    expect((await label.boundingBox())?.width).toBeGreaterThan(20);
    await page.setViewportSize({ width: 390, height: 844 });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.waitFor({ state: 'visible' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = drawer.getByRole('navigation', {
      name: 'Основная навигация',
    });
    expect(await links.getByRole('link').count()).toBe(HEADER_LINKS);
    expect(
      await links
        .getByRole('link', { name: 'Launchpad', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await focusInside(page, '[role=dialog]')).toBe(true);
    // Tab and Shift+Tab cycle inside the drawer: more presses than it has focusable elements
    for (let i = 0; i < HEADER_LINKS + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, '[role=dialog]'), `Tab ${i}`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(page, '[role=dialog]'), `Shift+Tab ${i}`).toBe(
        true,
      );
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // the close button closes it too, and a link followed closes it and navigates
    await menu.click();
    await drawer.getByRole('button', { name: 'Закрыть меню' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);
    await menu.click();
    await links.getByRole('link', { name: 'Сбережения', exact: true }).click();
    await page.waitForURL(`${base}/ru-RU/earning/savings`);
    await drawer.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: every link is a plain link in the header, at any width', async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      userAgent: PERSON_UA,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/ja-JP/launchpad`);
      const nav = page.getByRole('navigation', {
        name: 'メインナビゲーション',
      });
      expect(await nav.getByRole('button').count()).toBe(0);
      const links = nav.getByRole('link');
      expect(await links.count()).toBe(HEADER_LINKS);
      for (const link of await links.all())
        expect(await link.isVisible()).toBe(true);
    }
    await page
      .getByRole('navigation', { name: 'メインナビゲーション' })
      .locator('a[href="/ja-JP/official-verify"]')
      .click();
    await page.waitForURL(`${base}/ja-JP/official-verify`);
    await context.close();
  });
});
