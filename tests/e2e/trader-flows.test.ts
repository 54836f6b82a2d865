import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';

import {
  getLocaleEntry,
  LOCALE_CODES,
  type Locale,
} from '../../src/i18n/locales.ts';
import { formatAmount, formatDecimal } from '../../src/lib/format/index.ts';
import { getServerI18n } from '../../src/lib/i18n/server.ts';
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

/** The phone widths every trader flow is checked at (issue 42's acceptance), in every locale. */
const PHONES = [
  { width: 320, height: 700 },
  { width: 390, height: 844 },
] as const;

/** A message of the site's catalog as `locale` reads it. */
const say = (locale: Locale, descriptor: MessageDescriptor): string =>
  getServerI18n(locale)._(descriptor);

/** The sandbox as it was seeded: the demo trader's positions, balances and the launch totals. */
const resetSandbox = async () => {
  const res = await fetch(`${own.apiOrigin}/__sandbox/reset`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
};

/** The dialog named `name` is shown whole inside the viewport's width. */
const dialogFits = async (page: Page, name: string) => {
  const box = await page.locator(`[data-dialog="${name}"]`).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
};

/** The decimal separator of `intl` ('.' or ','). */
const decimalSign = (intl: string): string =>
  new Intl.NumberFormat(intl)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value ?? '.';

describe.each(PHONES)(
  'redeeming from "My savings" at $width px',
  (viewport) => {
    for (const locale of LOCALE_CODES)
      it(`${locale}: by keyboard, limits checked before anything is sent, a refusal said in the dialog, then part of a flexible position back to Funding`, async ({
        open,
      }) => {
        await resetSandbox();
        const { page, problems } = await open({ locale, viewport });
        const intl = getLocaleEntry(locale).intl;
        const table = await openMySavings(page, locale);
        const usdt = await position(page, 'usdt-flex');
        const eth = await position(page, 'eth-flex');
        const fundBefore = await fundUsdt(page);
        // only the flexible positions can be redeemed: the fixed-term row has no button
        const rows = table.locator('tbody tr');
        await expect.poll(() => rows.count()).toBe(3);
        await expect(rows.nth(1).getByRole('button').count()).resolves.toBe(0);

        // the ETH position: the limits, then a refusal by the API
        await tabTo(
          page,
          'section.my-savings tbody tr:nth-child(3) button',
          400,
        );
        await page.keyboard.press('Enter');
        const dialog = page.locator('[data-dialog="redeem"]');
        await dialog.waitFor();
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('name') === 'amount',
        );
        await dialogFits(page, 'redeem');
        const field = dialog.locator('input[name="amount"]');
        // more than the position holds
        await page.keyboard.type(
          formatDecimal(decimal(units(eth.amount) + 1n), intl, {
            grouping: false,
          }),
        );
        await page.keyboard.press('Enter');
        const maxText = formatAmount(eth.amount, 'ETH', intl);
        await expect
          .poll(() => dialog.innerText())
          .toContain(say(locale, msg`The maximum is ${maxText}.`));
        await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
        // more decimals than the coin has
        await field.fill(`0${decimalSign(intl)}123456789`);
        await page.keyboard.press('Enter');
        const example = formatDecimal('1234.5', intl);
        await expect
          .poll(() => dialog.innerText())
          .toContain(
            say(
              locale,
              msg`Enter a number with at most 8 decimals, like ${example}.`,
            ),
          );
        // the Max button fills in what the position holds, in the reader's format
        await dialog.locator('button.zmx-pv-max').press('Enter');
        await expect(field.inputValue()).resolves.toBe(
          formatDecimal(eth.amount, intl, { grouping: false }),
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
        const fundAfterElsewhere = await fundUsdt(page);
        await field.fill(`0${decimalSign(intl)}1`);
        await page.keyboard.press('Enter');
        await expect
          .poll(() => dialog.innerText())
          .toContain(
            say(locale, {
              id: 'errorCode.40004',
            }),
          );
        await expect(
          axeViolations(page, { include: '[data-dialog="redeem"]' }),
        ).resolves.toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // ETH goes to the ETH balance: the USDT one did not move
        expect(fundAfterElsewhere).toBe(fundBefore);

        // the USDT position: part of it goes back to Funding
        await tabTo(
          page,
          'section.my-savings tbody tr:nth-child(1) button',
          400,
        );
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('name') === 'amount',
        );
        await dialogFits(page, 'redeem');
        await expect(dialog.innerText()).resolves.toContain(
          formatAmount(usdt.amount, 'USDT', intl),
        );
        await expect(
          axeViolations(page, { include: '[data-dialog="redeem"]' }),
        ).resolves.toEqual([]);
        await page.keyboard.type(
          formatDecimal('12.5', intl, { grouping: false }),
        );
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        const left = units(usdt.amount) - units('12.5');
        await expect
          .poll(() => toastTitles(page))
          .toContain(say(locale, msg`Redeemed`));
        // the position and the Funding balance follow
        await expect
          .poll(() => rows.nth(0).innerText())
          .toContain(formatAmount(decimal(left), 'USDT', intl));
        expect(units((await position(page, 'usdt-flex')).amount)).toBe(left);
        expect(await fundUsdt(page)).toBe(fundBefore + units('12.5'));
        expect(problems).toEqual([]);
      });
  },
);

/** A launch's totals as the sandbox API has them. */
const launchTotals = async (id: string) => {
  const res = await fetch(`${own.apiOrigin}/api/v1/launchpad/projects/${id}`);
  const body = (await res.json()) as {
    result: { raised: string; participants: number };
  };
  return body.result;
};

describe.each(PHONES)('launchpad totals at $width px', (viewport) => {
  for (const locale of LOCALE_CODES)
    it(`${locale}: after subscribing 250 and 500 USDT, "Committed so far" and "Participants" include them`, async ({
      open,
    }) => {
      await resetSandbox();
      const intl = getLocaleEntry(locale).intl;
      const path = routePath(locale, 'launchpad-project', 'aurora-chain');
      const raisedText = (value: bigint) =>
        formatAmount(decimal(value), 'USDT', intl, { maxDecimals: 2 });
      const seeded = await launchTotals('aurora-chain');
      const raisedBefore = units(seeded.raised);
      const guestHtml = async () => {
        const res = await fetch(`${own.origin}${path}`);
        expect(res.status).toBe(200);
        return res.text();
      };
      // a guest's copy of the page from before the reset has expired (GUEST_CACHE_TTL_MS)
      await expect
        .poll(guestHtml, { timeout: 20_000, interval: 500 })
        .toContain(raisedText(raisedBefore));
      const { page, problems } = await open({ locale, viewport });
      await page.goto(`${own.origin}${path}`);
      await hydrated(page);
      const raised = page.locator('[data-launch-total="raised"]');
      const participants = page.locator('[data-launch-total="participants"]');
      await expect(raised.textContent()).resolves.toBe(
        raisedText(raisedBefore),
      );
      await expect(participants.textContent()).resolves.toBe(
        formatDecimal(String(seeded.participants), intl),
      );
      await loginFromHeader(page);

      let committed = 0n;
      for (const amount of ['250', '500']) {
        await page.locator('button.zmx-pv-subscribe').first().click();
        const dialog = page.locator('[data-dialog="subscribe"]');
        await dialog.waitFor();
        await dialogFits(page, 'subscribe');
        await dialog.locator('input[name="amount"]').fill(amount);
        await dialog.locator('button[type="submit"]').click();
        await dialog.waitFor({ state: 'detached' });
        committed += units(amount);
        // the subscriber's own view shows the new totals at once
        await expect
          .poll(() => raised.textContent())
          .toBe(raisedText(raisedBefore + committed));
        await expect
          .poll(() => participants.textContent())
          .toBe(formatDecimal(String(seeded.participants + 1), intl));
      }
      const total = raisedText(raisedBefore + committed);
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

describe.each(PHONES)('signing up at $width px', (viewport) => {
  for (const locale of LOCALE_CODES)
    it(`${locale}: says "check your email", and the mailed link finishes the sign-up`, async ({
      open,
    }) => {
      const { page, problems } = await open({ locale, viewport });
      // a resource that is not there is named (the console's message does not say which)
      const missing: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 404) missing.push(response.url());
      });
      await page.goto(`${own.origin}${routePath(locale, 'home')}`);
      await hydrated(page);
      await page.locator('header button.zmx-pv-login').click();
      const dialog = page.locator('[data-dialog="login"]');
      await dialog.waitFor();
      await dialogFits(page, 'login');
      await dialog
        .getByRole('tab', { name: say(locale, msg`Sign up`), exact: true })
        .click();
      const email = `signup-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const panel = dialog.getByRole('tabpanel');
      await panel.locator('input[type="email"]').fill(email);
      await panel.locator('input[type="password"]').fill('Signup12345');
      await panel.locator('button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => toastTitles(page), { timeout: 10_000 })
        .toContain(say(locale, msg`Check your email`));
      await expect
        .poll(() => page.locator('.zmx-pv-toast-detail').allTextContents(), {
          timeout: 10_000,
        })
        .toContain(
          say(
            locale,
            msg`We sent a link to ${email} to finish creating your account.`,
          ),
        );
      // not logged in before the link is followed
      await expect(
        page.locator('header button.zmx-pv-user').count(),
      ).resolves.toBe(0);

      const mail = (await (
        await fetch(
          `${own.apiOrigin}/__sandbox/mail?to=${encodeURIComponent(email)}`,
        )
      ).json()) as { result: { items: { link: string | null }[] } };
      const link = mail.result.items.at(-1)?.link;
      expect(link).toMatch(/^\/api\/v1\/user\/confirm\?token=/);
      // the person opens the link on the site: the account exists and the session starts (asked
      // with the page's cookies rather than shown: a JSON document makes Chromium ask for a
      // /favicon.ico, whose 404 the console reports or not depending on timing)
      const confirmed = await page.request.get(`${own.origin}${link ?? ''}`);
      expect(confirmed.status()).toBe(200);
      expect(((await confirmed.json()) as { ret_code: number }).ret_code).toBe(
        0,
      );
      await page.goto(`${own.origin}${routePath(locale, 'home')}`);
      await hydrated(page);
      // the user menu comes with the widgets (slow on a loaded machine)
      await expect
        .poll(() => page.locator('header button.zmx-pv-user').count(), {
          timeout: 15_000,
        })
        .toBe(1);
      // a second use of the link is refused
      const again = await page.request.get(`${own.origin}${link ?? ''}`);
      expect(((await again.json()) as { ret_code: number }).ret_code).toBe(
        10010,
      );
      expect(missing).toEqual([]);
      expect(problems).toEqual([]);
    });
});
