import path from 'node:path';

import { describe, expect, inject } from 'vitest';

import { spawnUntil } from '../../scripts/lib/processes.ts';
import { it } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { freePort } from '../helpers/ports.ts';
import { perTestProcesses } from '../helpers/process-stack.ts';
import { DEMO, hydrated, loginFromHeader } from '../helpers/session.ts';

const { tempDir, track } = perTestProcesses('loopback');

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
 * `npm start` itself (node scripts/start.ts, its own sandbox), with no SITE_ORIGIN from the user:
 * the demo trader logs in at the address it prints (127.0.0.1) and at localhost, and no page
 * logs an error (the analytics beacon's POST is not refused either). Stopped by its PID.
 */
describe('npm start without SITE_ORIGIN', () => {
  it('the demo login works at 127.0.0.1 and at localhost', async ({ open }) => {
    const port = await freePort();
    const { SITE_ORIGIN: _unset, ...env } = process.env;
    const start = track(
      await spawnUntil(
        ['scripts/start.ts'],
        {
          ...env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          SANDBOX_DATA: path.join(tempDir(), 'state.json'),
          ICON_API_ORIGINS: 'http://127.0.0.1:9',
          SHUTDOWN_DRAIN_MS: '0',
        },
        /site listening on (http:\/\/\S+)/,
        { quiet: true, timeoutMs: 60_000 },
      ),
    );
    // the address it prints
    expect(start.url).toBe(`http://127.0.0.1:${port}`);
    for (const origin of [start.url, `http://localhost:${port}`]) {
      const { page, problems } = await open();
      await page.goto(`${origin}/en`);
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
      // a page of its own after the login: its beacon and widgets answer too
      await page.goto(`${origin}/en/launchpad`);
      await hydrated(page);
      await expect
        .poll(() =>
          page
            .getByRole('banner')
            .getByRole('button', { name: /^Account menu for / })
            .count(),
        )
        .toBe(1);
      expect(problems).toEqual([]);
    }
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
    // it names the address the site takes requests from (its configured origin)
    const expected = `Diese Seite ist unter einer Adresse geöffnet, von der die Website keine Anfragen annimmt. Öffnen Sie die Website unter ${new URL(base).origin} und versuchen Sie es erneut.`;
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
