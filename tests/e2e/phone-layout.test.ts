import { describe, expect, inject, it } from 'vitest';

import { missingFont } from '../../scripts/lib/system-needs.ts';
import { LOCALE_CODES, type Locale } from '../../src/lib/locales.ts';
import { ROUTES, routePath } from '../../src/routes.ts';
import { onePage, sharedBrowser } from '../helpers/browser.ts';

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
 * What makes the page wider than the viewport, and header controls that are cut off or smaller
 * than 24×24 px (WCAG 2.5.8). Wide content inside its own scroll box (tables, the navigation
 * row) is allowed to reach past the edge: that box scrolls, the document does not.
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

/** Each page at this width, with the installed fonts and then with the wide font forced. */
const check = async (width: number, locale: Locale) => {
  const { page, problems } = shared();
  // a missing font is reported as what it is, not as a layout failure
  expect(missingFont(locale)).toBeUndefined();
  await page.setViewportSize({ width, height: 844 });
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
    for (const problem of await page.evaluate(layoutProblems))
      found.push(`${path} at ${width}px: ${problem}`);
    await page.evaluate(forceWideFont);
    for (const problem of await page.evaluate(layoutProblems))
      found.push(`${path} at ${width}px, wide font forced: ${problem}`);
  }
  expect(found).toEqual([]);
  expect(problems).toEqual([]);
};

/** A budget from the page count: a page load, hydration and two layout reads each. */
const PER_LOCALE_TIMEOUT = ROUTES.length * 6_000;

/**
 * Every page × every locale fits a phone at 320 and 390 px, with the installed fonts and with a
 * wide one forced: no sideways scrolling, the header's controls reachable.
 */
describe('phone layout', () => {
  for (const width of [390, 320])
    for (const locale of LOCALE_CODES)
      it(
        `${locale}: every page fits ${width}px`,
        { timeout: PER_LOCALE_TIMEOUT },
        () => check(width, locale),
      );

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
