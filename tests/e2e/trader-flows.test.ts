import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import { formatAmount, formatDecimal } from '../../src/lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../../src/lib/locales.ts';
import { routePath } from '../../src/routes.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { hydrated, loginFromHeader } from '../helpers/session.ts';
import { tabTo, toastTitles, units } from '../helpers/widgets.ts';

// Issue 42, point 5: a trader finishes what a page offers — redeeming flexible savings, launchpad
// totals that include their subscriptions, and signing up through the mailed link. A stack of
// its own: these flows change the demo trader's savings and a project's totals.

const own = ownStack({ env: { GUEST_CACHE_TTL_MS: '2000' } });

type Position = {
  positionId: string;
  productId: string;
  amount: string;
};

/** The API through the page's own session (the site's /api proxy, the page's cookies). */
const api = async <T>(page: Page, pathname: string): Promise<T> => {
  const res = await page.request.get(`${own.origin}/api/v1${pathname}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: T }).result;
};
const positions = (page: Page) =>
  api<{ items: Position[] }>(page, '/savings/positions').then((r) => r.items);
const position = async (page: Page, productId: string) => {
  const found = (await positions(page)).find((p) => p.productId === productId);
  if (!found) throw new Error(`no ${productId} position`);
  return found;
};
const fundUsdt = async (page: Page): Promise<bigint> => {
  const { items } = await api<{
    items: {
      account: string;
      coins: { coin: string; available: string }[];
    }[];
  }>(page, '/account/balances');
  const fund = items.find((b) => b.account === 'ACCOUNT_TYPE_FUND');
  return units(fund?.coins.find((c) => c.coin === 'USDT')?.available ?? '');
};
/** 10⁻⁸ units as the decimal string the API speaks. */
const decimal = (value: bigint): string =>
  `${value / 10n ** 8n}.${(value % 10n ** 8n).toString().padStart(8, '0')}`;

/** Logs in on the savings page of `locale` and waits for "My savings" to list the positions. */
const openMySavings = async (page: Page, locale: Locale) => {
  await page.goto(`${own.origin}${routePath(locale, 'savings')}`);
  await hydrated(page);
  await loginFromHeader(page);
  const section = page.locator('section.my-savings');
  await section.scrollIntoViewIfNeeded();
  const table = section.getByRole('table');
  await table.waitFor({ timeout: 15_000 });
  return table;
};

/** The words the redeem flow shows, per locale checked. */
const REDEEM_WORDS = {
  en: { done: 'Redeemed', typed: '100', amount: '100' },
  'ja-JP': { done: '償還しました', typed: '50.25', amount: '50.25' },
  'de-DE': { done: 'Eingelöst', typed: '12,5', amount: '12.5' },
} as const satisfies Partial<
  Record<Locale, { done: string; typed: string; amount: string }>
>;

describe('redeeming from "My savings"', () => {
  for (const [locale, words] of Object.entries(REDEEM_WORDS) as [
    keyof typeof REDEEM_WORDS,
    (typeof REDEEM_WORDS)[keyof typeof REDEEM_WORDS],
  ][])
    it(`${locale}: by keyboard only, part of a flexible position goes back to Funding`, async ({
      open,
    }) => {
      const { page, problems } = await open({ locale });
      const intl = getLocaleEntry(locale).intl;
      const table = await openMySavings(page, locale);
      const before = await position(page, 'usdt-flex');
      const fundBefore = await fundUsdt(page);
      // only the flexible positions can be redeemed: the fixed-term row has no button
      const rows = table.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      await expect(rows.nth(1).getByRole('button').count()).resolves.toBe(0);

      await tabTo(page, 'section.my-savings tbody tr:nth-child(1) button', 400);
      await page.keyboard.press('Enter');
      const dialog = page.locator('[data-dialog="redeem"]');
      await dialog.waitFor();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('name') === 'amount',
      );
      await expect(dialog.innerText()).resolves.toContain(
        formatAmount(before.amount, 'USDT', intl),
      );
      await expect(
        axeViolations(page, { include: '[data-dialog="redeem"]' }),
      ).resolves.toEqual([]);
      await page.keyboard.type(words.typed);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      const left = units(before.amount) - units(words.amount);
      await expect.poll(() => toastTitles(page)).toContain(words.done);
      // the position and the Funding balance follow
      await expect
        .poll(() => rows.nth(0).innerText())
        .toContain(formatAmount(decimal(left), 'USDT', intl));
      expect(units((await position(page, 'usdt-flex')).amount)).toBe(left);
      expect(await fundUsdt(page)).toBe(fundBefore + units(words.amount));
      expect(problems).toEqual([]);
    });

  it('en: limits are checked before anything is sent, and a refusal is said in the dialog', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await openMySavings(page, 'en');
    const eth = await position(page, 'eth-flex');
    const fundBefore = await fundUsdt(page);
    await tabTo(page, 'section.my-savings tbody tr:nth-child(3) button', 400);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: /^Redeem from /,
    });
    await dialog.waitFor();
    const field = dialog.getByLabel('Amount (ETH)');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('name') === 'amount',
    );

    // more than the position holds
    const over = formatDecimal(decimal(units(eth.amount) + 1n), 'en', {
      grouping: false,
    });
    await page.keyboard.type(over);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.innerText())
      .toContain(`The maximum is ${formatAmount(eth.amount, 'ETH', 'en')}.`);
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    // more decimals than the coin has
    await field.fill('0.123456789');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.innerText())
      .toContain('Enter a number with at most 8 decimals, like 1,234.5.');
    // the Max button fills in what the position holds, in the reader's format
    await dialog
      .getByRole('button', { name: 'Max', exact: true })
      .press('Enter');
    await expect(field.inputValue()).resolves.toBe(
      formatDecimal(eth.amount, 'en', { grouping: false }),
    );

    // meanwhile the whole position was redeemed elsewhere (another tab): the API refuses
    const elsewhere = await page.request.post(
      `${own.origin}/api/v1/savings/redeem`,
      {
        headers: { origin: own.origin },
        data: { positionId: eth.positionId, amount: eth.amount },
      },
    );
    expect(elsewhere.status()).toBe(200);
    await field.fill('0.1');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.innerText())
      .toContain(
        'This savings position was not found. It may have been redeemed already.',
      );
    await expect(
      axeViolations(page, { include: '[data-dialog="redeem"]' }),
    ).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await fundUsdt(page)).toBe(fundBefore);
    expect(problems).toEqual([]);
  });
});

describe('launchpad totals', () => {
  it('after subscribing 250 and 500 USDT, "Committed so far" and "Participants" include them', async ({
    open,
  }) => {
    const path = routePath('en', 'launchpad-project', 'aurora-chain');
    const guestHtml = async () => {
      const res = await fetch(`${own.origin}${path}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const { page, problems } = await open();
    await page.goto(`${own.origin}${path}`);
    await hydrated(page);
    const raised = page.locator('[data-launch-total="raised"]');
    const participants = page.locator('[data-launch-total="participants"]');
    const raisedBefore = units((await raised.textContent()) ?? '');
    const participantsBefore = Number(
      ((await participants.textContent()) ?? '').replaceAll(',', ''),
    );
    // a guest's copy of the page before anything changed (the page cache keeps it a while)
    expect(await guestHtml()).toContain(
      formatAmount(decimal(raisedBefore), 'USDT', 'en', { maxDecimals: 2 }),
    );
    await loginFromHeader(page);

    let committed = 0n;
    for (const amount of ['250', '500']) {
      await page.locator('button.zmx-pv-subscribe').first().click();
      const dialog = page.getByRole('dialog', {
        name: /^Subscribe to Aurora Chain/,
      });
      await dialog.waitFor();
      await dialog.getByLabel('Amount (USDT)').fill(amount);
      await dialog
        .getByRole('button', { name: 'Subscribe', exact: true })
        .click();
      await dialog.waitFor({ state: 'detached' });
      committed += units(amount);
      const shown = formatAmount(
        decimal(raisedBefore + committed),
        'USDT',
        'en',
        { maxDecimals: 2 },
      );
      // the subscriber's own view shows the new totals at once
      await expect.poll(() => raised.textContent()).toBe(shown);
      await expect
        .poll(() => participants.textContent())
        .toBe(formatDecimal(String(participantsBefore + 1), 'en'));
    }
    const total = formatAmount(
      decimal(raisedBefore + committed),
      'USDT',
      'en',
      { maxDecimals: 2 },
    );
    // after a reload too, even when the page itself is a cached copy
    await page.reload();
    await hydrated(page);
    await expect.poll(() => raised.textContent()).toBe(total);
    // a guest's page catches up once its cached copy expires (GUEST_CACHE_TTL_MS)
    await expect
      .poll(guestHtml, { timeout: 20_000, interval: 500 })
      .toContain(total);
    expect(problems).toEqual([]);
  });
});

describe('signing up', () => {
  it('says "check your email", and the mailed link finishes the sign-up', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${own.origin}/en`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    const dialog = page.locator('[data-dialog="login"]');
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Sign up' }).click();
    const email = `signup-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const panel = dialog.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('Signup12345');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toastTitles(page)).toContain('Check your email');
    await expect
      .poll(() => page.locator('.zmx-pv-toast-detail').allTextContents())
      .toContain(`We sent a link to ${email} to finish creating your account.`);
    // not logged in before the link is followed
    await expect(
      page
        .getByRole('banner')
        .getByRole('button', { name: /^Account menu/ })
        .count(),
    ).resolves.toBe(0);

    const mail = (await (
      await fetch(
        `${own.apiOrigin}/__sandbox/mail?to=${encodeURIComponent(email)}`,
      )
    ).json()) as { result: { items: { link: string | null }[] } };
    const link = mail.result.items.at(-1)?.link;
    expect(link).toMatch(/^\/api\/v1\/user\/confirm\?token=/);
    // the person opens the link on the site: the account exists and the session starts
    const confirmed = await page.goto(`${own.origin}${link ?? ''}`);
    expect(confirmed?.status()).toBe(200);
    await page.goto(`${own.origin}/en`);
    await hydrated(page);
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('button', { name: /^Account menu for / })
          .count(),
      )
      .toBe(1);
    // a second use of the link is refused
    const again = await page.request.get(`${own.origin}${link ?? ''}`);
    expect(((await again.json()) as { ret_code: number }).ret_code).toBe(10010);
    expect(problems).toEqual([]);
  });
});
