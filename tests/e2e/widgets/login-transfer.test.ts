import { describe, expect, inject } from 'vitest';

import { axeViolations } from '../../helpers/axe.ts';
import { it } from '../../helpers/browser.ts';
import {
  DEMO,
  fillLogin,
  hydrated,
  loginFromHeader,
} from '../../helpers/session.ts';
import {
  balance,
  balancesLoaded,
  openLoginByKeyboard,
  tabTo,
  toastTitles,
  units,
} from '../../helpers/widgets.ts';

// The trader widgets in the browser: the login modal and the transfer dialog.

const base = inject('baseURL');

describe('login modal and transfer dialog (sandbox demo account)', () => {
  it('guest → wrong password (localized, input kept) → login → transfer 10 USDT spot → fund → reload keeps session and balances', async ({
    open,
  }) => {
    const { context, page, problems } = await open();
    await page.goto(`${base}/en/earning/savings`);
    await hydrated(page);
    // a guest: Log in and Sign up in the header, no user menu
    const header = page.locator('header');
    await expect
      .poll(() =>
        header.getByRole('button', { name: 'Log in', exact: true }).count(),
      )
      .toBe(1);
    await header.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByLabel('Password').fill('not-the-password1');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Wrong email or password.');
    // what was typed is still there
    expect(await dialog.getByLabel('Email').inputValue()).toBe(DEMO.email);
    expect(await dialog.getByLabel('Password').inputValue()).toBe(
      'not-the-password1',
    );
    // the token cookie is HttpOnly and not readable by script
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const menuButton = header.getByRole('button', {
      name: /^Account menu for /,
    });
    await menuButton.waitFor();
    expect(await toastTitles(page)).toContain('You are logged in');
    const token = (await context.cookies()).find((c) =>
      c.name.startsWith('b_t_c_k'),
    );
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('b_t_c_k');

    // the user menu opens the transfer dialog
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    const transfer = page.getByRole('dialog', {
      name: 'Transfer between accounts',
    });
    await transfer.waitFor();
    await balancesLoaded(page);
    expect(
      await transfer.getByRole('button', { name: /From/ }).textContent(),
    ).toContain('Spot');
    expect(
      await transfer.getByRole('button', { name: /To/ }).textContent(),
    ).toContain('Funding');
    const spotBefore = await balance(page, 'from');
    const fundBefore = await balance(page, 'to');
    await transfer.getByLabel('Amount').fill('10');
    await transfer
      .getByRole('button', { name: 'Transfer', exact: true })
      .click();
    await expect.poll(() => toastTitles(page)).toContain('Transfer complete');
    await expect
      .poll(() => balance(page, 'from'))
      .toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    await page.keyboard.press('Escape');
    await transfer.waitFor({ state: 'detached' });

    // a reload: still logged in, same new balances
    await page.reload();
    await hydrated(page);
    await menuButton.waitFor();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await transfer.waitFor();
    await balancesLoaded(page);
    expect(await balance(page, 'from')).toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    expect(problems).toEqual([]);
  });

  it('the same flow by keyboard only', async ({ open }) => {
    const { page, problems } = await open();
    const dialog = await openLoginByKeyboard(page, '/en/launchpad');
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('wrong-password9');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Wrong email or password.');
    expect(await dialog.getByLabel('Email').inputValue()).toBe(DEMO.email);
    await dialog.getByLabel('Password').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // the account button replaces Log in once the session is known
    await page.locator('header button.zmx-pv-user').waitFor();
    await tabTo(page, 'header button.zmx-pv-user');
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Transfer', exact: true });
    await item.waitFor();
    // the menu took the focus; arrows move within it
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('role') === 'menuitem',
    );
    await page.keyboard.press('Enter');
    const transfer = page.getByRole('dialog', {
      name: 'Transfer between accounts',
    });
    await transfer.waitFor();
    await balancesLoaded(page);
    const spotBefore = await balance(page, 'from');
    const fundBefore = await balance(page, 'to');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('name') === 'amount',
    );
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastTitles(page)).toContain('Transfer complete');
    await expect
      .poll(() => balance(page, 'from'))
      .toBe(spotBefore - 10n * 10n ** 8n);
    expect(await balance(page, 'to')).toBe(fundBefore + 10n * 10n ** 8n);
    await page.keyboard.press('Escape');
    await transfer.waitFor({ state: 'detached' });
    // logout from the menu, by keyboard
    await tabTo(page, 'header button.zmx-pv-user');
    await page.keyboard.press('Enter');
    await page
      .getByRole('menuitem', { name: 'Log out', exact: true })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('header button.zmx-pv-login').waitFor();
    expect(problems).toEqual([]);
  });

  it("refuses a bad amount before sending, in the reader's language, and parses locale numbers", async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/de-DE/earning/savings`);
    await hydrated(page);
    await loginFromHeader(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem').first().click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    const amount = transfer.locator('input[name="amount"]');
    const submit = transfer.locator('button[type="submit"]');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/account/transfer')) requests.push(r.url());
    });
    for (const bad of ['0', '-5', '1,123456789', 'zehn', '99999999999']) {
      await amount.fill(bad);
      await submit.click();
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      const message = await transfer
        .locator('.zmx-pv-field-error')
        .first()
        .textContent();
      expect(message).toMatch(/[äöüß]|Betrag|Zahl|Guthaben/);
    }
    expect(requests).toEqual([]);
    // '1,5' in de-DE is one and a half
    const before = units(
      (await transfer.locator('[data-account="from"] output').textContent())
        ?.replace(/\./g, '')
        .replace(',', '.') ?? '',
    );
    await amount.fill('1,5');
    await submit.click();
    await expect.poll(() => requests.length).toBe(1);
    await expect
      .poll(async () =>
        units(
          (await transfer.locator('[data-account="from"] output').textContent())
            ?.replace(/\./g, '')
            .replace(',', '.') ?? '',
        ),
      )
      .toBe(before - 150_000_000n);
    expect(problems).toEqual([]);
  });

  it('a guarded reload (a chunk that could not be fetched) keeps what was typed and the toasts on screen (§4)', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/earning/savings`);
    await hydrated(page);
    await loginFromHeader(page);
    const menuButton = page.locator('header button.zmx-pv-user');
    const openTransfer = async () => {
      await menuButton.click();
      await page
        .getByRole('menuitem', { name: 'Transfer', exact: true })
        .click();
      await transfer.waitFor();
      await balancesLoaded(page);
    };
    const transfer = page.locator('[data-dialog="transfer"]');
    const amount = transfer.locator('input[name="amount"]');
    await openTransfer();
    await amount.fill('1');
    await transfer.locator('button[type="submit"]').click();
    await expect.poll(() => toastTitles(page)).toContain('Transfer complete');
    await amount.fill('7');
    // a chunk error anywhere on the page: one guarded full load, the store saved first
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => {
      void Promise.reject(
        new Error(
          'Failed to fetch dynamically imported module: /assets/gone.js',
        ),
      );
    });
    await reloaded;
    await hydrated(page);
    // the toast comes back with the widgets, and the transfer dialog opens with the draft
    await expect
      .poll(() => toastTitles(page), { timeout: 10_000 })
      .toContain('Transfer complete');
    await openTransfer();
    expect(await amount.inputValue()).toBe('7');
    expect(
      await page.evaluate(() => sessionStorage.getItem('exchange:store')),
    ).toBeNull();
    expect(problems).toEqual([]);
  });

  it('axe finds no violations with the login modal open, nor with the transfer dialog open', async ({
    open,
  }) => {
    const { page } = await open();
    await page.goto(`${base}/en`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    await page.locator('[data-dialog="login"]').waitFor();
    expect(await axeViolations(page, { tags: null })).toEqual([]);
    await fillLogin(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await page.locator('[data-dialog="transfer"]').waitFor();
    await balancesLoaded(page);
    expect(await axeViolations(page, { tags: null })).toEqual([]);
    // the toast region too
    await page
      .locator('[data-dialog="transfer"] input[name="amount"]')
      .fill('1');
    await page
      .locator('[data-dialog="transfer"] button[type="submit"]')
      .click();
    await page.locator('.zmx-pv-toast').first().waitFor();
    expect(await axeViolations(page, { tags: null })).toEqual([]);
  });
});
