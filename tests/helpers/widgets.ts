import type { Page } from 'playwright-core';
import { inject } from 'vitest';

import { hydrated } from './session.ts';

/** What the trader widgets' browser tests (tests/e2e/widgets/) share. */

const base = inject('baseURL');

/** '1,234.5 USDT' (en) → units of 10^-8, exactly. */
export const units = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace(/[^\d.]/g, '').split('.');
  return BigInt(whole + fraction.padEnd(8, '0').slice(0, 8));
};
export const balance = async (page: Page, side: 'from' | 'to') =>
  units(
    (await page
      .locator(`[data-dialog="transfer"] [data-account="${side}"] output`)
      .textContent()) ?? '',
  );
export const balancesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[data-dialog="transfer"] output')].every(
      (o) => /\d/.test(o.textContent ?? ''),
    ),
  );

/** Presses Tab until `selector` has the focus (bounded), as a keyboard-only person would. */
export const tabTo = async (page: Page, selector: string, max = 60) => {
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
export const openLoginByKeyboard = async (page: Page, path: string) => {
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
export const pageState = (page: Page) => ({
  mark: () =>
    page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1)),
  marked: () =>
    page.evaluate(
      () => (window as unknown as { __mark?: number }).__mark === 1,
    ),
});

/** Toast titles without the screen-reader prefix ('Success: '). */
export const toastTitles = async (page: Page) =>
  (await page.locator('.zmx-pv-toast-title').allTextContents()).map((t) =>
    t.replace(/^[^:]+:\s*/, ''),
  );

/** What has the keyboard focus: a short description for assertions ('BODY' when it is lost). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const name =
      active.getAttribute('aria-label') ??
      (active.textContent ?? '').trim().slice(0, 40);
    return `${active.tagName}${active.className ? `.${active.className.split(' ').join('.')}` : ''}:${name}`;
  });
/** Resolves once the widgets chunk has mounted (its toast region and session are in). */
export const widgetsIn = (page: Page) =>
  page.waitForResponse((r) => /\/assets\/widgets[^/]*\.js$/.test(r.url()));
