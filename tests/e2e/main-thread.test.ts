import type { Worker } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { routePath } from '../../src/routes.ts';
import { openPage, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

const base = inject('baseURL');
const browser = sharedBrowser();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** Decision 0024: what the browser's main thread is spared while a page starts. */
describe('the main thread while a page starts', () => {
  for (const [locale, route] of [
    ['en', 'home'],
    ['ja-JP', 'launchpad'],
    ['th-TH', 'savings'],
  ] as const) {
    it(`${locale} ${route}: the formatting data load on one worker from this site, which ends by itself`, async () => {
      const { context, page, problems } = await openPage(browser());
      closers.push(() => context.close());
      const workers: Worker[] = [];
      const ended: string[] = [];
      page.on('worker', (worker) => {
        workers.push(worker);
        worker.on('close', () => ended.push(worker.url()));
      });
      const response = await page.goto(`${base}${routePath(locale, route)}`);
      expect(response?.status()).toBe(200);
      await expect.poll(() => ended.length, { timeout: 10_000 }).toBe(1);
      expect(workers).toHaveLength(1);
      const url = new URL(workers[0]?.url() ?? '');
      expect(url.origin).toBe(new URL(base).origin);
      expect(url.pathname).toMatch(/^\/assets\/intl-warm\.worker-[\w-]+\.js$/);
      // the script is served as a script (the CSP lets this site's scripts run as workers)
      const script = await fetch(url);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      // the page hydrated in a transition all the same: its widgets answer
      await hydrated(page);
      expect(problems).toEqual([]);
    });
  }
});
