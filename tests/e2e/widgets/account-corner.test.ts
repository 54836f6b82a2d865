import { describe, expect, inject } from 'vitest';

import { it, quiet } from '../../helpers/browser.ts';
import { DEMO, hydrated, loginFromHeader } from '../../helpers/session.ts';
import {
  balancesLoaded,
  focused,
  openLoginByKeyboard,
  widgetsIn,
} from '../../helpers/widgets.ts';

// The trader widgets in the browser: the account corner: Log in, the user menu, focus.

const base = inject('baseURL');

describe('keyboard focus around the account corner', () => {
  it('stays on Log in when the widgets chunk takes over the header, and Escape from the login modal gives it back', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const chunk = widgetsIn(page);
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    const login = page.locator('header button.zmx-pv-login');
    // focused before the widgets chunk is in (it comes a second after the page starts)
    await login.focus();
    await chunk;
    await quiet(page);
    expect(await focused(page)).toMatch(/zmx-pv-login:Log in$/);
    // the modal opened after the swap returns the focus to the same button
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-login:Log in$/);

    // opened by keyboard before the chunk is in: Escape still returns to Log in
    const again = await open();
    const chunkAgain = widgetsIn(again.page);
    await again.page.goto(`${base}/en/earning/savings`);
    await hydrated(again.page);
    await again.page.locator('header button.zmx-pv-login').focus();
    await again.page.keyboard.press('Enter');
    const early = again.page.getByRole('dialog', {
      name: 'Log in to your account',
    });
    await early.waitFor();
    // the widgets chunk takes over the open modal meanwhile
    await chunkAgain;
    await quiet(again.page);
    await again.page.keyboard.press('Escape');
    await early.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(again.page))
      .toMatch(/zmx-pv-login:Log in$/);
    expect(problems).toEqual([]);
    expect(again.problems).toEqual([]);
  });

  it('after a login from the header the account menu button has the focus; after logging out, Log in has it', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const dialog = await openLoginByKeyboard(page, '/en/earning/savings');
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-user:Account menu/);
    // it stays there, and the menu opens from it
    await quiet(page);
    expect(await focused(page)).toMatch(/zmx-pv-user:Account menu/);
    await page.keyboard.press('Enter');
    await page
      .getByRole('menuitem', { name: 'Log out', exact: true })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('header button.zmx-pv-login').waitFor();
    await expect.poll(() => focused(page)).toMatch(/zmx-pv-login:Log in$/);
    expect(problems).toEqual([]);
  });

  it("a guest's Subscribe → login → subscribe dialog: closing it gives the focus back to that Subscribe button", async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    const second = page.locator('button.zmx-pv-subscribe').nth(1);
    await second.focus();
    const name = (await second.textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await login.waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('type') === 'email',
    );
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    const dialog = page.locator('[data-dialog="subscribe"]');
    await dialog.waitFor();
    await login.waitFor({ state: 'detached' });
    await quiet(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(page))
      .toBe(
        `BUTTON.${(await second.getAttribute('class'))?.split(' ').join('.')}:${name}`,
      );
    // and stays there (the account corner's own focus rule does not take it)
    await quiet(page);
    expect(await focused(page)).toMatch(/zmx-pv-subscribe/);
    expect(problems).toEqual([]);
  });

  it('a field refused before sending takes the focus: login, sign-up, subscribe and transfer dialogs', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    const dialog = page.getByRole('dialog', {
      name: 'Log in to your account',
      exact: true,
    });
    await dialog.waitFor();
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel('Password');
    const submit = dialog.getByRole('button', { name: 'Log in', exact: true });
    // nothing typed: the email field takes the focus, invalid, its error as its description
    await submit.click();
    await expect
      .poll(() => email.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() =>
        email.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        ),
      )
      .toContain('Enter a valid email address');
    // a valid email, no password: the password field
    await email.fill(DEMO.email);
    await submit.click();
    await expect
      .poll(() => password.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // sign up with a weak password: the password field again
    await dialog.getByRole('tab', { name: 'Sign up', exact: true }).click();
    const signup = page.getByRole('dialog', {
      name: 'Create your account',
      exact: true,
    });
    await signup.getByLabel('Email').fill('someone@example.com');
    await signup.getByLabel('Password').fill('short');
    await signup
      .getByRole('button', { name: 'Create account', exact: true })
      .click();
    await expect
      .poll(() =>
        signup
          .getByLabel('Password')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await signup.waitFor({ state: 'detached' });

    // the subscribe dialog: an amount below the minimum takes the focus back
    await loginFromHeader(page);
    await page.locator('button.zmx-pv-subscribe').first().click();
    const subscribe = page.locator('[data-dialog="subscribe"]');
    await subscribe.waitFor();
    const amount = subscribe.locator('input[name="amount"]');
    await amount.fill('1');
    await subscribe.locator('button[type="submit"]').click();
    await expect
      .poll(() => amount.evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await subscribe.waitFor({ state: 'detached' });

    // the transfer dialog: an amount over the balance takes the focus back
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    const transferAmount = transfer.locator('input[name="amount"]');
    await transferAmount.fill('999999999');
    await transfer.locator('button[type="submit"]').click();
    await expect
      .poll(() =>
        transferAmount.evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await transferAmount.getAttribute('aria-invalid')).toBe('true');
    expect(problems).toEqual([]);
  });
});
