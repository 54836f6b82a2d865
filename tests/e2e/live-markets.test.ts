import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { MARKET_POLL_MS } from '../../src/components/markets/poller.ts';
import { formatDecimal } from '../../src/lib/format/index.ts';
import { routePath } from '../../src/routes.ts';
import { marketSnapshot } from '../../src/sandbox/markets.ts';
import {
  hidePage,
  openPage,
  requestsSeen,
  sharedBrowser,
} from '../helpers/browser.ts';

const base = inject('baseURL');
const browser = sharedBrowser();
const TICKERS_PATH = '/api/v1/market/tickers';
/** Longest wait for something the poller does: two intervals and a back-off step. */
const POLL_BUDGET_MS = 4 * MARKET_POLL_MS;

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A page; with `clock`, its timers run only as far as the test moves Playwright's clock. */
const open = async (
  reducedMotion: 'reduce' | 'no-preference',
  options: { clock?: boolean } = {},
) => {
  const opened = await openPage(browser(), {
    viewport: { width: 1366, height: 900 },
  });
  closers.push(() => opened.context.close());
  await opened.page.emulateMedia({ reducedMotion });
  if (options.clock) await opened.page.clock.install();
  const reads: Request[] = [];
  opened.page.on('request', (r) => {
    if (new URL(r.url()).pathname === TICKERS_PATH) reads.push(r);
  });
  const response = await opened.page.goto(`${base}${routePath('en', 'home')}`);
  expect(response?.status()).toBe(200);
  return { ...opened, reads };
};

const btcRow = (page: Page) =>
  page
    .getByRole('region', { name: 'Table: Market highlights' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'BTC/USDT' }) });

/** What the table shows now: the BTC price and the time of the figures. */
const shown = async (page: Page) => ({
  price:
    (await btcRow(page).locator('[data-field="last"]').textContent()) ?? '',
  at: Date.parse(
    (await page
      .locator('.market-updated:visible time')
      .getAttribute('datetime')) ?? '',
  ),
});

/** The sandbox's BTC price at `at`, as the English table writes it. */
const expectedPrice = (at: number): string => {
  const btc = marketSnapshot(at).items.find((t) => t.symbol === 'BTCUSDT');
  return formatDecimal(btc?.last ?? '', 'en', { maxDecimals: 4 });
};

describe('live market figures', () => {
  it('the server snapshot shows volume, a sparkline, an up/down mark and the time', async () => {
    const { page, problems } = await open('no-preference');
    const row = btcRow(page);
    await expect.poll(() => row.getByRole('cell').count()).toBe(4);
    const { price, at } = await shown(page);
    expect(price).toBe(expectedPrice(at));
    // the mark is a shape and a word, not colour alone: a drawn shape, no symbol character
    const change = row.getByRole('cell').nth(1);
    expect(await change.textContent()).toMatch(/^ (Up|Down|Unchanged) [+-]?\d/);
    const mark = change.locator('.mark');
    expect(await mark.getAttribute('aria-hidden')).toBe('true');
    expect(await mark.getAttribute('class')).toMatch(
      /^mark mark-(up|down|level)$/,
    );
    const box = await mark.boundingBox();
    expect(box?.width).toBeGreaterThan(4);
    expect(await mark.evaluate((el) => getComputedStyle(el).clipPath)).toMatch(
      /^(polygon|inset)\(/,
    );
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(
      /\d.* BTC$/,
    );
    const spark = row.getByRole('img', {
      name: /^24h trend: (Up|Down|Unchanged)$/,
    });
    expect(await spark.getAttribute('width')).toBe('96');
    expect(await spark.getAttribute('height')).toBe('28');
    expect(await page.locator('.market-updated:visible').textContent()).toMatch(
      /^Updated \d\d:\d\d:\d\d UTC$/,
    );
    expect(problems).toEqual([]);
  });

  it('the figures change over a polling interval, to the sandbox figures of their time', async () => {
    const { page, problems, reads } = await open('no-preference');
    await page.locator('.markets-island').scrollIntoViewIfNeeded();
    const first = await shown(page);
    await expect
      .poll(async () => (await shown(page)).at, { timeout: POLL_BUDGET_MS })
      .toBeGreaterThan(first.at);
    const later = await shown(page);
    expect(later.price).not.toBe(first.price);
    expect(later.price).toBe(expectedPrice(later.at));
    expect(reads.length).toBeGreaterThan(0);
    // the changed price flashes (motion allowed here)
    expect(
      await btcRow(page)
        .locator('[data-field="last"]')
        .evaluate((el) => getComputedStyle(el).animationName),
    ).toMatch(/^tick-(up|down)$/);
    expect(problems).toEqual([]);
  });

  it('without motion for readers who asked for less', async () => {
    const { page, problems } = await open('reduce');
    await page.locator('.markets-island').scrollIntoViewIfNeeded();
    const first = await shown(page);
    await expect
      .poll(async () => (await shown(page)).at, { timeout: POLL_BUDGET_MS })
      .toBeGreaterThan(first.at);
    const price = btcRow(page).locator('[data-field="last"]');
    expect(await price.getAttribute('class')).toMatch(/tick-(up|down)/);
    expect(
      await price.evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    expect(problems).toEqual([]);
  });

  it('says so when reads fail, backs off, and recovers', async () => {
    const { page, reads } = await open('no-preference', { clock: true });
    let refused = 0;
    await page.route(`**${TICKERS_PATH}`, async (route) => {
      refused += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"ret_code":503,"ret_msg":"Upstream error","message":"Upstream error","result":null}',
      });
    });
    await page.locator('.markets-island').scrollIntoViewIfNeeded();
    const status = page.getByRole('status').filter({ hasText: /paused/ });
    // the first read is due one interval after the server's snapshot
    await page.clock.runFor(MARKET_POLL_MS);
    await expect
      .poll(() => status.count(), { timeout: POLL_BUDGET_MS })
      .toBe(1);
    expect(await status.textContent()).toBe(
      'Live prices paused: the server could not be reached. Retrying…',
    );
    // the first failure waits twice the interval: no second read one interval later
    await requestsSeen(page);
    const failedAt = reads.length;
    expect(failedAt).toBeGreaterThan(0);
    await page.clock.runFor(MARKET_POLL_MS + 500);
    await requestsSeen(page);
    expect(reads.length).toBe(failedAt);
    expect(refused).toBe(failedAt);
    await page.unroute(`**${TICKERS_PATH}`);
    // twice the interval after the failure: the next read, which succeeds
    await page.clock.runFor(MARKET_POLL_MS);
    await expect
      .poll(() => status.count(), { timeout: POLL_BUDGET_MS })
      .toBe(0);
    expect(reads.length).toBe(failedAt + 1);
  });

  it('reads nothing while the page is hidden', async () => {
    const { page, reads } = await open('no-preference', { clock: true });
    await page.locator('.markets-island').scrollIntoViewIfNeeded();
    const first = await shown(page);
    await page.clock.runFor(MARKET_POLL_MS);
    await expect
      .poll(async () => (await shown(page)).at, { timeout: POLL_BUDGET_MS })
      .toBeGreaterThan(first.at);
    await hidePage(page);
    await requestsSeen(page);
    const hiddenAt = reads.length;
    await page.clock.runFor(2 * MARKET_POLL_MS + 500);
    await requestsSeen(page);
    expect(reads.length).toBe(hiddenAt);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect
      .poll(() => reads.length, { timeout: POLL_BUDGET_MS })
      .toBeGreaterThan(hiddenAt);
  });
});
