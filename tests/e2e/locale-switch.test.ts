import { describe, expect, inject } from 'vitest';

import { LOCALES } from '../../src/i18n/locales.ts';
import { headerNavLink, it } from '../helpers/browser.ts';

const base = inject('baseURL');
const LOCALE_CODES = LOCALES.map((entry) => entry.code);

describe('switching language in a real browser', () => {
  it('moves between two locales with the client router: lang, visible text and the same page', async ({
    open,
  }) => {
    const { context, page, problems } = await open();
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
    await page.getByRole('link', { name: '日本語', exact: true }).click();
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
  });

  it('keeps <html lang> and dir on client navigations within a locale (every locale)', async ({
    open,
  }) => {
    const { page, problems } = await open();
    for (const locale of LOCALE_CODES) {
      await page.goto(`${base}/${locale}/launchpad`);
      await page.waitForFunction(
        () => document.documentElement.dataset.hydrated === 'true',
      );
      const lang = await page.evaluate(() => document.documentElement.lang);
      expect(lang.length).toBeGreaterThan(1);
      await (await headerNavLink(page, `/${locale}/earning/savings`)).click();
      await page.waitForURL(`${base}/${locale}/earning/savings`);
      // the new page's content is in, and the document still names the same language
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(100);
      expect(
        await page.evaluate(() => document.documentElement.lang),
        locale,
      ).toBe(lang);
    }
    // and the payload a navigation fetches says so itself
    const payload = await (
      await fetch(`${base}/RSC/R/ja-JP/earning/savings.txt`)
    ).text();
    expect(payload).toContain('"lang":"ja-JP"');
    expect(payload).not.toContain('"lang":"en"');
    expect(problems).toEqual([]);
  });

  it('works by keyboard only', async ({ open }) => {
    const { page, problems } = await open();
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
    const target = page.getByRole('link', { name: 'Deutsch', exact: true });
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
  });
});

describe('language resolution at / (spec §4: path → cookie → local storage → en)', () => {
  it('follows local storage when there is no cookie, and the cookie before it', async ({
    open,
  }) => {
    const { context, page, problems } = await open({
      locale: 'fr-FR',
    });
    // nothing stored, no cookie: Accept-Language (fr) decides
    await page.goto(`${base}/?from=test`);
    await page.waitForURL(`${base}/fr-FR?from=test`);
    // a language left in local storage (the cookie expired or was cleared)
    await page.evaluate(() => localStorage.setItem('i18n_redirected', 'ko-KR'));
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/ko-KR`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe('ko-KR');
    await page.evaluate(() => {
      localStorage.removeItem('i18n_redirected');
      localStorage.setItem('LANG_KEY', 'th-TH');
    });
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/th-TH`);
    // junk in storage is ignored
    await page.evaluate(() => localStorage.setItem('LANG_KEY', 'xx-<b>'));
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/fr-FR`);
    // the cookie comes before local storage
    await context.addCookies([
      { name: 'i18n_redirected', value: 'vi-VN', url: base },
    ]);
    await page.evaluate(() => localStorage.setItem('LANG_KEY', 'th-TH'));
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/vi-VN`);
    expect(problems).toEqual([]);
  });

  it('crawlers and scripts get a plain 302, never the storage page', async () => {
    const res = await fetch(`${base}/`, {
      redirect: 'manual',
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en');
  });
});
