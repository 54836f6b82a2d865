import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect } from 'vitest';

import { startStack } from '../../scripts/lib/processes.ts';
import { headerNavLink, it } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';
import { hydrated } from '../helpers/session.ts';

/**
 * The regional frame (spec §1, §4, §9) with a frame script served from another loopback
 * origin: it signals ready, its header and footer are created once (not again on client
 * navigation) and the built-in ones step aside; a frame that never signals ready leaves the
 * built-in header working after the 10 s guard, without errors.
 */
let mode: 'ready' | 'never' = 'ready';
const FRAME_JS = `
window.RegionalFrame = {
  create(slot, element, options) {
    window.__frameCreates = (window.__frameCreates || 0) + 1;
    const nav = document.createElement('nav');
    nav.setAttribute('aria-label', 'Regional ' + slot);
    nav.dataset.frameComponent = slot;
    nav.textContent = 'Regional ' + slot + ' (' + options.locale + ')';
    element.append(nav);
  },
};
if (__MODE__ === 'ready')
  setTimeout(() => window.dispatchEvent(new Event('regional-frame:ready')), 200);
`;

let frameServer: Server;
let stack: Awaited<ReturnType<typeof startStack>>;
let base = '';

beforeAll(async () => {
  frameServer = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/javascript',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.end(FRAME_JS.replace('__MODE__', JSON.stringify(mode)));
  });
  await new Promise<void>((r) => frameServer.listen(0, '127.0.0.1', r));
  const frameUrl = `http://127.0.0.1:${(frameServer.address() as AddressInfo).port}/frame.js`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  stack = await startStack({
    port,
    siteOrigin: base,
    env: { REGIONAL_FRAME_URL: frameUrl },
  });
});

afterAll(async () => {
  await stack.stop();
  await new Promise((r) => frameServer.close(r));
});

describe('the regional frame', () => {
  it('creates its header and footer once when ready; the built-in ones step aside', async ({
    open,
  }) => {
    mode = 'ready';
    const { page, problems } = await open({
      locale: 'ja-JP',
    });
    await page.goto(`${base}/ja-JP/launchpad`);
    await hydrated(page);
    const header = page.getByRole('navigation', {
      name: 'Regional header',
      exact: true,
    });
    await header.waitFor();
    expect(await header.textContent()).toBe('Regional header (ja-JP)');
    await page
      .getByRole('navigation', { name: 'Regional footer', exact: true })
      .waitFor();
    await expect.poll(() => page.locator('header.bar').isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.documentElement.dataset.frame),
    ).toBe('ready');
    // a client navigation keeps the components: created once
    const creates = await page.evaluate(
      () => (window as unknown as { __frameCreates: number }).__frameCreates,
    );
    expect(creates).toBe(3);
    await page.goto(`${base}/ja-JP/launchpad`);
    await page.evaluate(() =>
      document
        .querySelector<HTMLAnchorElement>('a[href="/ja-JP/earning/savings"]')
        ?.click(),
    );
    await page.waitForURL(`${base}/ja-JP/earning/savings`);
    await header.waitFor();
    expect(
      await page.evaluate(
        () => (window as unknown as { __frameCreates: number }).__frameCreates,
      ),
    ).toBe(3);
    expect(problems).toEqual([]);
  });

  it('a frame that never signals ready: after the 10 s guard nothing happens, the built-in header serves', async ({
    open,
  }) => {
    mode = 'never';
    const { page, problems } = await open();
    await page.clock.install();
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    await page.clock.fastForward(12_000);
    expect(await page.locator('header.bar').isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.dataset.frame),
    ).toBeUndefined();
    // a late ready event, after the guard: still nothing
    await page.evaluate(() =>
      window.dispatchEvent(new Event('regional-frame:ready')),
    );
    expect(await page.locator('[data-frame-component]').count()).toBe(0);
    // the built-in header works
    await (await headerNavLink(page, '/en/tax-api')).click();
    await page.waitForURL(`${base}/en/tax-api`);
    expect(problems).toEqual([]);
  });
});
