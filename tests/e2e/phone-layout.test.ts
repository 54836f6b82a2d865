import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import { missingFont } from '../../scripts/lib/system-needs.ts';
import { LOCALE_CODES, type Locale } from '../../src/i18n/locales.ts';
import { ROUTES, routePath } from '../../src/routes.ts';
import { onePage, sharedBrowser } from '../helpers/browser.ts';
import { readabilityProblems } from '../helpers/readability.ts';
import { hydrated, loginFromHeader } from '../helpers/session.ts';

const base = inject('baseURL');
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};

const shared = onePage(sharedBrowser(), {
  viewport: { width: 390, height: 844 },
});

/**
 * What makes the page wider than the viewport, what sticks out of a card, a row action that its
 * table's scroll box hides, and header controls that are cut off or smaller than 24×24 px
 * (WCAG 2.5.8). Wide content inside its own scroll box (tables) is allowed to reach past the
 * edge: that box scrolls, the document does not.
 */
const layoutProblems = () => {
  const width = window.innerWidth;
  const found: string[] = [];
  // an absolutely positioned element is clipped only by scroll boxes around its containing block
  const inScrollBox = (element: Element) => {
    const position = getComputedStyle(element).position;
    if (position === 'fixed') return false;
    let p = element.parentElement;
    if (position === 'absolute')
      while (
        p &&
        p !== document.body &&
        getComputedStyle(p).position === 'static'
      )
        p = p.parentElement;
    for (; p && p !== document.body; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };
  const name = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  const documentWidth = document.documentElement.scrollWidth;
  if (documentWidth > width) {
    found.push(`the document is ${documentWidth}px wide`);
    const outside = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > width + 0.5 &&
        !inScrollBox(element),
    );
    // the innermost elements that stick out are the ones to fix
    for (const element of outside
      .filter(
        (element) => !outside.some((o) => o !== element && element.contains(o)),
      )
      .slice(0, 3))
      found.push(
        `${name(element)} ends at ${Math.round(element.getBoundingClientRect().right)}px`,
      );
  }
  // nothing sticks out of a card (content in a scroll box inside it scrolls there)
  const inScrollBoxWithin = (element: Element, card: Element) => {
    for (let p = element.parentElement; p && p !== card; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };
  for (const card of document.querySelectorAll('main :is(.card, .form-card)')) {
    if (!card.checkVisibility()) continue;
    const box = card.getBoundingClientRect();
    const out = [...card.querySelectorAll('*')].find((inner) => {
      if (!inner.checkVisibility() || inScrollBoxWithin(inner, card))
        return false;
      const r = inner.getBoundingClientRect();
      return (
        r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5)
      );
    });
    if (out)
      found.push(
        `${name(out)} sticks out of its card ${name(card)} (${Math.round(out.getBoundingClientRect().right)} > ${Math.round(box.right)}px)`,
      );
    else if (card.scrollWidth > card.clientWidth + 1)
      found.push(`${name(card)} overflows (${card.scrollWidth}px wide inside)`);
  }
  // a row's action (Subscribe) stays in its table's visible box, whatever scrolls
  for (const action of document.querySelectorAll(
    '.table-wrap :is(.cell-action, .row-action)',
  )) {
    const wrap = action.closest('.table-wrap');
    if (!wrap || !action.checkVisibility()) continue;
    const box = wrap.getBoundingClientRect();
    const r = action.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
      found.push(`${name(action)} is outside its table's visible box`);
  }
  for (const control of document.querySelectorAll(
    'header :is(a[href], button, summary)',
  )) {
    if (!control.checkVisibility()) continue; // not shown (a closed menu, this width)
    const box = control.getBoundingClientRect();
    if (box.width < 24 || box.height < 24)
      found.push(
        `${name(control)} is ${Math.round(box.width)}×${Math.round(box.height)}px`,
      );
    if (!inScrollBox(control) && (box.left < 0 || box.right > width + 0.5))
      found.push(`${name(control)} is cut off by the viewport`);
  }
  return found;
};

/**
 * A deliberately wide font forced on every element at the same size: monospace Latin is about
 * 15% wider than the site's faces, and the extra tracking widens scripts that have no monospace
 * face (Thai, CJK) about as much, like a wider fallback font would. A layout that fits only one
 * font's metrics fails with it. Inserted through the CSSOM, which the page's CSP does not govern.
 */
const forceWideFont = () => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    "* { font-family: 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace !important; letter-spacing: 0.12em !important; }",
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
};

/** The widths every page is checked at: phones, a tablet, small and large desktops. */
const WIDTHS = [320, 390, 768, 1024, 1366, 1920] as const;

/**
 * Each page at every width, with the installed fonts and then with the wide font forced. One
 * load a page: the viewport is resized under it (the layout is CSS; the header's menus and the
 * drawer button switch at 1024 px by a media query, not by script).
 */
const check = async (locale: Locale) => {
  const { page, problems } = shared();
  // a missing font is reported as what it is, not as a layout failure
  expect(missingFont(locale)).toBeUndefined();
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
  const found: string[] = [];
  for (const route of ROUTES) {
    const path = routePath(
      locale,
      route.id,
      'param' in route ? KEYS[route.param] : undefined,
    );
    const response = await page.goto(`${base}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    for (const wide of [false, true]) {
      if (wide) await page.evaluate(forceWideFont);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        for (const problem of await page.evaluate(layoutProblems))
          found.push(
            `${path} at ${width}px${wide ? ', wide font forced' : ''}: ${problem}`,
          );
      }
    }
  }
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
};

/** A budget from the page count: a page load, hydration and twelve layout reads each. */
const PER_LOCALE_TIMEOUT = ROUTES.length * 10_000;

/**
 * Every page × every locale fits every width from 320 to 1920 px, with the installed fonts and
 * with a wide one forced: no sideways scrolling, no card overflowing, row actions in reach, the
 * header's controls reachable.
 */
describe('layout at every width', () => {
  for (const locale of LOCALE_CODES)
    it(
      `${locale}: every page fits ${WIDTHS.join(', ')} px`,
      { timeout: PER_LOCALE_TIMEOUT },
      () => check(locale),
    );

  it('on a phone the fee table shows the maker and taker fees without scrolling', async () => {
    const { page } = shared();
    await page.setViewportSize({ width: 320, height: 844 });
    await page.goto(`${base}/en/feediscount`);
    const table = page.getByRole('region', { name: 'Table: Fees by VIP tier' });
    const box = await table.boundingBox();
    for (const name of ['Maker fee', 'Taker fee']) {
      const cell = await table
        .getByRole('columnheader', { name, exact: true })
        .boundingBox();
      expect(cell && box, name).toBeTruthy();
      if (!cell || !box) continue;
      expect(cell.x + cell.width, name).toBeLessThanOrEqual(box.x + box.width);
    }
  });

  it('the open language menu fits 320px', async () => {
    const { page, problems } = shared();
    await page.setViewportSize({ width: 320, height: 844 });
    await page.goto(`${base}/de-DE`);
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    const header = page.getByRole('banner');
    // the disclosure's <summary> has no ARIA role of its own
    await header.locator('summary').click();
    const choice = header.getByRole('link', { name: 'Русский', exact: true });
    await expect.poll(() => choice.isVisible()).toBe(true);
    const boxes = await header
      .getByRole('list')
      .filter({ has: choice })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
      );
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(320);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(320);
    expect(problems).toEqual([]);
  });
});

/** Where the readability checks look, at each kind of width. */
const CELLS = 'main :is(th, td)';
const READ_WIDTHS = [320, 390] as const;
const TABLE_WIDTHS = [768, 1366] as const;

const readable = shared;

/**
 * Opens a header overlay by its button, checks its text and that it stays inside the window,
 * and closes it again with Escape.
 */
const checkOverlay = async (
  button: string,
  targets: string,
  containers: string,
): Promise<string[]> => {
  const { page } = readable();
  const opener = page.locator(button).first();
  if (!(await opener.isVisible())) return [];
  await opener.click();
  await page.locator(containers).first().waitFor({ state: 'visible' });
  const found = await page.evaluate(readabilityProblems, {
    targets,
    containers,
  });
  await page.keyboard.press('Escape');
  await page.locator(containers).first().waitFor({ state: 'hidden' });
  return found;
};

/** The header's overlays of a layout: the language menu and, below 1024 px, the drawer. */
const MENUS = [
  {
    button: 'header summary.zmx-pv-lang-button',
    targets: '.zmx-pv-lang-list a',
    containers: '.zmx-pv-lang-list',
  },
  {
    button: 'header .nav-drawer-button',
    targets: '.nav-drawer :is(a, h2, h3, button)',
    containers: '.nav-drawer',
  },
] as const;

/**
 * Every page × every locale at 320 and 390 px: no table cell's text clipped or covered by
 * another element (a pinned column over the rate column), no short label broken onto two lines,
 * no heading leaving one kanji or kana alone on a line;
 * the tables at 768 and 1366 px too. The header's menus of each layout, opened, stay inside the
 * window with every item readable.
 */
const checkReadable = async (locale: Locale) => {
  const { page, problems } = readable();
  const found: string[] = [];
  const layoutsSeen = new Set<string>();
  for (const route of ROUTES) {
    const path = routePath(
      locale,
      route.id,
      'param' in route ? KEYS[route.param] : undefined,
    );
    await page.setViewportSize({ width: READ_WIDTHS[0], height: 844 });
    const response = await page.goto(`${base}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    const firstOfLayout = !layoutsSeen.has(route.layout);
    layoutsSeen.add(route.layout);
    for (const width of [...READ_WIDTHS, ...TABLE_WIDTHS]) {
      await page.setViewportSize({ width, height: 844 });
      for (const problem of await page.evaluate(readabilityProblems, {
        targets: CELLS,
        headings: width < 768 ? 'main :is(h1, h2, h3)' : '',
      }))
        found.push(`${path} at ${width}px: ${problem}`);
      if (firstOfLayout && width < 768)
        for (const menu of MENUS)
          for (const problem of await checkOverlay(
            menu.button,
            menu.targets,
            menu.containers,
          ))
            found.push(`${path} at ${width}px, menu open: ${problem}`);
    }
  }
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
};

describe('every figure is readable', () => {
  for (const locale of LOCALE_CODES)
    it(
      `${locale}: table cells and menus at ${READ_WIDTHS.join(', ')} px, tables at ${TABLE_WIDTHS.join(', ')} px`,
      { timeout: PER_LOCALE_TIMEOUT },
      () => checkReadable(locale),
    );
});

/** What a dialog shows a person: its heading, labels, tabs, buttons and text. */
const DIALOG_TEXT =
  '.zmx-pv-dialog :is(h2, label, button, [role="tab"], p, dt, dd, [role="alert"])';

/**
 * The dialogs a visitor and a trader open, at 320 and 390 px in every locale: inside the window,
 * no text clipped or covered, no short button label stacked on two lines (the ja-JP transfer
 * dialog's 最大). The login dialog as a guest; the transfer dialog (from the user menu) and the
 * savings subscribe dialog logged in as the demo trader.
 */
describe('dialogs are readable on phones', () => {
  const browser = sharedBrowser();
  const guest = onePage(browser, { viewport: { width: 390, height: 844 } });
  const trader = onePage(browser, { viewport: { width: 390, height: 844 } });

  const checkDialog = async (
    page: Page,
    open: () => Promise<void>,
    name: string,
  ): Promise<string[]> => {
    await open();
    const dialog = page.locator(`[data-dialog="${name}"]`);
    await dialog.waitFor();
    // the dialog's figures (balances) have arrived: every output shows a number
    await page.waitForFunction(
      (n) =>
        [...document.querySelectorAll(`[data-dialog="${n}"] output`)].every(
          (o) => /\d/.test(o.textContent ?? ''),
        ),
      name,
    );
    const found = await page.evaluate(readabilityProblems, {
      targets: DIALOG_TEXT,
      containers: '.zmx-pv-dialog',
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return found;
  };

  for (const locale of LOCALE_CODES)
    it(`${locale}: login, transfer and subscribe dialogs at ${READ_WIDTHS.join(', ')} px`, async () => {
      const found: string[] = [];
      const { page: visitor, problems: visitorProblems } = guest();
      const { page, problems } = trader();
      if (
        !(await page.context().cookies()).some((c) =>
          c.name.startsWith('b_t_c_k'),
        )
      ) {
        await page.goto(`${base}${routePath('en', 'home')}`);
        await hydrated(page);
        await loginFromHeader(page);
      }
      for (const width of READ_WIDTHS) {
        await visitor.setViewportSize({ width, height: 844 });
        await visitor.goto(`${base}${routePath(locale, 'home')}`);
        await hydrated(visitor);
        for (const problem of await checkDialog(
          visitor,
          () => visitor.locator('header button.zmx-pv-login').click(),
          'login',
        ))
          found.push(`login at ${width}px: ${problem}`);

        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${base}${routePath(locale, 'savings')}`);
        await hydrated(page);
        for (const problem of await checkDialog(
          page,
          async () => {
            await page.locator('header button.zmx-pv-user').click();
            await page.locator('[data-track="menu:transfer"]').click();
          },
          'transfer',
        ))
          found.push(`transfer at ${width}px: ${problem}`);
        for (const problem of await checkDialog(
          page,
          () =>
            page
              .locator('.table-wrap :is(.row-action, .cell-action) button')
              .filter({ visible: true })
              .first()
              .click(),
          'subscribe',
        ))
          found.push(`subscribe at ${width}px: ${problem}`);
      }
      expect(found).toEqual([]);
      expect([...visitorProblems, ...problems]).toEqual([]);
    }, 60_000);
});
