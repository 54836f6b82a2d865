import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, openPage } from '../helpers/browser.ts';

const base = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('switching language in a real browser', () => {
  it('moves between two locales with the client router: lang, visible text and the same page', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${base}/en/launchpad`);
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Launchpad');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
    });
    await page.locator('summary.zmx-pv-lang-button').click();
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${base}/ja-JP/launchpad`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe('ja-JP');
    await expect
      .poll(async () => (await heading.textContent()) !== 'Launchpad')
      .toBe(true);
    // no full reload: the marker set before the switch is still there
    expect(
      await page.evaluate(
        () => (window as unknown as { __marker?: number }).__marker,
      ),
    ).toBe(42);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe(
      'ja-JP',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works by keyboard only', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${base}/en/earning/savings`);
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true',
    );
    const summary = page.locator('summary.zmx-pv-lang-button');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('details.zmx-pv-lang').getAttribute('open'))
      .not.toBeNull();
    // Escape closes and returns focus to the button
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('details.zmx-pv-lang').getAttribute('open'))
      .toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(
      'SUMMARY',
    );
    await page.keyboard.press('Enter');
    const target = page.getByRole('link', { name: 'Deutsch' });
    for (
      let i = 0;
      i < 20 && !(await target.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/de-DE/earning/savings`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe('de-DE');
    expect(problems).toEqual([]);
    await context.close();
  });
});
