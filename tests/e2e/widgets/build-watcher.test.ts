import { describe, expect, inject } from 'vitest';

import { headerNavLink, it, quiet } from '../../helpers/browser.ts';
import { hydrated } from '../../helpers/session.ts';
import { pageState } from '../../helpers/widgets.ts';

// The trader widgets in the browser: the build watcher and the chunk-error reload.

const base = inject('baseURL');
const api = inject('apiURL');

describe('new builds and chunk errors', () => {
  it('after the sandbox flips its build id, the next navigation is a full page load', async ({
    open,
  }) => {
    const { page, problems } = await open();
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
  });

  it('a chunk that fails to load reloads the page once, keeps the path, and never loops', async ({
    open,
  }) => {
    const { page } = await open();
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
    await quiet(page);
    expect(loads).toBe(2);
  });
});
