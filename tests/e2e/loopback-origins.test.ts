import { describe, expect, inject } from 'vitest';

import { it } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { DEMO, hydrated, loginFromHeader } from '../helpers/session.ts';

/**
 * With no SITE_ORIGIN (as `npm start` runs), the site works at every loopback spelling of its
 * port: the demo login goes through at 127.0.0.1 (what many tools print) as at localhost.
 */
describe('the default origin at every loopback address', () => {
  const site = ownStack({ siteOrigin: null });

  for (const host of ['127.0.0.1', 'localhost'])
    it(`the demo login works at http://${host}:PORT`, async ({ open }) => {
      const { page, problems } = await open();
      await page.goto(`http://${host}:${site.port}/en`);
      await hydrated(page);
      await loginFromHeader(page);
      await expect
        .poll(() =>
          page
            .getByRole('banner')
            .getByRole('button', { name: /^Account menu for / })
            .count(),
        )
        .toBe(1);
      expect(problems).toEqual([]);
    });
});

/**
 * Opened at an address the deployment does not answer for, a request is refused for what it is
 * (the page's origin), in the page's language, beside the button and in the toast.
 */
describe('a refused origin', () => {
  const base = inject('baseURL');
  const port = new URL(base).port;

  it('says so in the page language', async ({ open }) => {
    const { page, problems } = await open();
    // the suite's site is configured for 127.0.0.1: localhost is not its origin
    await page.goto(`http://localhost:${port}/de-DE`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    const login = page.locator('[data-dialog="login"]');
    await login.locator('input[type="email"]').fill(DEMO.email);
    await login.locator('input[type="password"]').fill(DEMO.password);
    await login.locator('button[type="submit"]').click();
    const expected =
      'Diese Seite ist unter einer Adresse geöffnet, von der die Website keine Anfragen annimmt. Öffnen Sie die Website unter ihrer eigenen Adresse und versuchen Sie es erneut.';
    await expect
      .poll(() => login.getByText(expected, { exact: true }).count())
      .toBe(1);
    await expect
      .poll(() => page.locator('.zmx-pv-toast-detail').allTextContents())
      .toContain(expected);
    // the refused POST is the only failure the page reports
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
  });
});
