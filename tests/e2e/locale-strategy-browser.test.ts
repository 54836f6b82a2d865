import { describe, expect, inject } from 'vitest';

import { headerNavLink, it } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';

/**
 * Issue 26 in a real browser: client navigation and the language menu follow the locale
 * strategy, and an unprefixed address typed by a person lands on their language's page.
 */
const except = ownStack({
  env: { LOCALE_STRATEGY: 'prefix_except_default' },
});

const hydrated = () => document.documentElement.dataset.hydrated === 'true';
const htmlLang = () => document.documentElement.lang;

describe('prefix_except_default in a browser', () => {
  it('English stays unprefixed through client navigations and the language menu', async ({
    open,
  }) => {
    const base = except.origin;
    const { page, problems } = await open();
    await page.goto(`${base}/launchpad`);
    await page.waitForFunction(hydrated);
    expect(await page.evaluate(htmlLang)).toBe('en');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
    });
    await (await headerNavLink(page, '/earning/savings')).click();
    await page.waitForURL(`${base}/earning/savings`);
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(htmlLang)).toBe('en');
    await page.locator('summary.zmx-pv-lang-button').click();
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(`${base}/ja-JP/earning/savings`);
    await expect.poll(() => page.evaluate(htmlLang)).toBe('ja-JP');
    await page.locator('summary.zmx-pv-lang-button').click();
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL(`${base}/earning/savings`);
    await expect.poll(() => page.evaluate(htmlLang)).toBe('en');
    // all of it without a full page load
    expect(
      await page.evaluate(
        () => (window as unknown as { __marker?: number }).__marker,
      ),
    ).toBe(7);
    expect(problems).toEqual([]);
  });
});

describe('prefix (the default) in a browser', () => {
  it("an unprefixed address opens the page in the browser's language", async ({
    open,
  }) => {
    const base = inject('baseURL');
    const { page, problems } = await open({
      locale: 'ko-KR',
    });
    await page.goto(`${base}/earning/savings?coin=BTC`);
    await page.waitForURL(`${base}/ko-KR/earning/savings?coin=BTC`);
    await page.waitForFunction(hydrated);
    expect(await page.evaluate(htmlLang)).toBe('ko-KR');
    expect(problems).toEqual([]);
  });
});
