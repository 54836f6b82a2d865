import { describe, expect, inject } from 'vitest';

import { it, quiet } from '../../helpers/browser.ts';
import { hydrated } from '../../helpers/session.ts';

// The trader widgets in the browser: the global error screen.

const base = inject('baseURL');

describe('page actions, navigation feedback and the global error state', () => {
  it("an uncaught error from the site's scripts shows the error screen; Try again brings the page back", async ({
    open,
  }) => {
    const { page } = await open();
    await page.goto(`${base}/fr-FR/launchpad`);
    // with the section that streamed in, in its place: the parts are compared in document order
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
    await quiet(page);
    expect(await heading.count()).toBe(0);
  });
});
