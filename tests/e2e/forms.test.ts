import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import { it, quiet } from '../helpers/browser.ts';
import { injectFault } from '../helpers/sandbox.ts';
import { fillLogin, hydrated, registerAccount } from '../helpers/session.ts';

/**
 * Each page form's success and failure paths in real Chromium against the production build:
 * official verification, the 2FA unbind request and its status, receiving a red envelope and
 * the lucky draw. Accounts are fresh per test (registered on the sandbox), so no test depends
 * on another's state.
 */
const base = inject('baseURL');
const api = inject('apiURL');

const statusText = async (page: Page, selector: string) =>
  ((await page.locator(selector).textContent()) ?? '').trim();

describe('official verification', () => {
  it('says official, not official, and refuses an empty value before sending', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/official-verify`);
    await hydrated(page);
    const value = page.getByLabel('Link, address or handle');
    // empty: the browser's own validation stops it, nothing is sent
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    expect(page.url()).toBe(`${base}/en/official-verify`);
    expect(
      await value.evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);

    // an official Telegram channel, typed as a link
    await page.getByLabel('Telegram account').check();
    await value.fill('https://t.me/ExampleExchange_JP');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(/kind=telegram/);
    const official = page.locator('.result-official');
    await official.waitFor();
    expect(await official.getAttribute('role')).toBe('status');
    expect(await official.textContent()).toContain('Official');
    // what was typed stays in the form
    expect(await value.inputValue()).toBe('https://t.me/ExampleExchange_JP');
    expect(await page.getByLabel('Telegram account').isChecked()).toBe(true);

    // a look-alike website: a warning, announced as an alert
    await page.getByLabel('Website').check();
    await value.fill('https://www.examp1e-exchange.com/login');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const warning = page.getByRole('alert');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Not an official channel');
    expect(await warning.textContent()).toContain('www.examp1e-exchange.com');
    expect(problems).toEqual([]);
  });

  it('answers in the page language (ko-KR)', async ({ open }) => {
    const { page, problems } = await open();
    await page.goto(
      `${base}/ko-KR/official-verify?kind=email&value=${encodeURIComponent('support@example-exchange.com')}`,
    );
    const official = page.locator('.result-official');
    await official.waitFor();
    expect(await official.textContent()).toMatch(/[가-힣]/);
    expect(await official.textContent()).not.toContain('Official');
    expect(problems).toEqual([]);
  });
});

describe('unbinding the authenticator (2FA)', () => {
  it('checks the form before sending, keeps what was typed, sends, then shows the request status', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('unbind-google2fa'))
        posted.push(r.url());
    });
    await page.goto(`${base}/en/unbind-google2fa`);
    await hydrated(page);
    const form = page.locator('form', { has: page.getByLabel('UID') });
    await form.getByLabel('Account email').fill('not-an-email');
    await form.getByLabel('UID').fill('12ab');
    await form.getByRole('button', { name: /Send/ }).click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents())
      .toEqual([
        'Enter the email address of your account.',
        'Your UID has 6 to 12 digits; find it in the app under Profile.',
        'Choose why you need to unbind the authenticator.',
      ]);
    expect(
      await form.getByLabel('Account email').getAttribute('aria-invalid'),
    ).toBe('true');
    expect(posted).toEqual([]);
    expect(await form.getByLabel('UID').inputValue()).toBe('12ab');

    // the API fails once: a clear message, and nothing typed is lost
    await form.getByLabel('Account email').fill('trader@example.com');
    await form.getByLabel('UID').fill('10293847');
    await form.getByLabel('Reason').selectOption('lost-device');
    await injectFault(api, {
      pathPrefix: '/api/v1/security/unbind-google2fa',
      kind: 'status',
      status: 503,
      times: 1,
    });
    await form.getByRole('button', { name: /Send/ }).click();
    await expect
      .poll(() => statusText(page, 'form [role="alert"]'))
      .toBe(
        'We could not send your request. Please check the form and try again.',
      );
    expect(await form.getByLabel('Account email').inputValue()).toBe(
      'trader@example.com',
    );
    expect(await form.getByLabel('Reason').inputValue()).toBe('lost-device');

    // sent: a request number, and its status page
    await form.getByRole('button', { name: /Send/ }).click();
    const received = page.getByRole('status').filter({
      hasText: 'Request received',
    });
    await received.waitFor();
    const ticket = /UB[0-9A-F]{10}/.exec(
      (await received.textContent()) ?? '',
    )?.[0];
    expect(ticket).toBeTruthy();
    await received
      .getByRole('link', { name: 'Check the status', exact: true })
      .click();
    await page.waitForURL(`${base}/en/unbind-google2fa?ticket=${ticket}`);
    await expect
      .poll(() => statusText(page, '#status-title ~ .result, section .result'))
      .toMatch(/^(Under review|Approved|Rejected)/);
    expect(await page.getByLabel('Request number').inputValue()).toBe(ticket);

    // an unknown number
    await page.getByLabel('Request number').fill('UB0000000000');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForURL(/ticket=UB0000000000/);
    await expect
      .poll(() => page.getByText('No request has this number.').count())
      .toBe(1);

    // the API fails: the page says the data is unavailable, never that the request does not exist
    await injectFault(api, {
      pathPrefix: '/api/v1/security/unbind-google2fa/',
      kind: 'status',
      status: 502,
    });
    try {
      const res = await page.goto(
        `${base}/ko-KR/unbind-google2fa?ticket=${ticket}`,
      );
      expect(res?.status()).toBe(200);
      await page.locator('.data-notice').waitFor();
      expect(await page.locator('.result').count()).toBe(0);
    } finally {
      await fetch(`${api}/__sandbox/faults`, { method: 'DELETE' });
    }
    expect(
      problems.filter((p) => !p.includes('503') && !p.includes('502')),
    ).toEqual([]);
  });
});

describe('receiving a red envelope', () => {
  it('an unknown code, an expired one, then a guest receives after logging in, and only once', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'envelope');
    const { page, problems } = await open();
    await page.goto(`${base}/en/redEnvelopes/receive`);
    await hydrated(page);
    const code = page.getByLabel('Red envelope code');
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(/code=NOSUCHCODE/);
    await expect
      .poll(() => statusText(page, '#code-error'))
      .toBe('No red envelope has this code. Check it and try again.');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await code.inputValue()).toBe('NOSUCHCODE');

    await code.fill('EXPIRED2025');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(/code=EXPIRED2025/);
    await page
      .getByText('This red envelope has expired and can no longer be opened.')
      .waitFor();
    expect(
      await page.getByRole('button', { name: 'Receive', exact: true }).count(),
    ).toBe(0);

    // a valid one, as a guest: Receive asks to log in, then receives
    await code.fill('lucky88');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(/code=lucky88/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect
      .poll(() => statusText(page, '.receive [role="status"]'))
      .toBe('Log in to receive this red envelope.');
    await fillLogin(page, who);
    await expect
      .poll(() => statusText(page, '.receive [role="status"]'))
      .toBe('Received! The coins are in your funding account.');
    expect(
      await page.getByRole('button', { name: 'Receive', exact: true }).count(),
    ).toBe(0);

    // opened again (the page is the same for everyone; the answer is personal): already received
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect
      .poll(() => statusText(page, '.receive [role="status"]'))
      .toBe('You have already received this red envelope.');
    expect(
      await page.getByRole('button', { name: 'Receive', exact: true }).count(),
    ).toBe(0);

    expect(problems).toEqual([]);
  });
});

describe('the lucky draw', () => {
  it('a guest draws after logging in, sees each prize and the draws left, until none are left (de-DE)', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'draw');
    const { page, problems } = await open();
    await page.goto(`${base}/de-DE/snooker/snooker-masters-2026`);
    await hydrated(page);
    const status = '.draw [role="status"]';
    const drawButton = page.getByRole('button', {
      name: 'Ziehen',
      exact: true,
    });
    await drawButton.click();
    await expect
      .poll(() => statusText(page, status))
      .toBe('Melden Sie sich an, um Ihre Ziehungen zu nutzen.');
    await fillLogin(page, who);
    // the login's callback draws
    await expect
      .poll(() => statusText(page, status))
      .toMatch(
        /^Gewonnen: .+ – [\d.,]+\u00a0[A-Z]+\. .*Sie haben noch 2 Ziehungen\.$/,
      );
    await drawButton.click();
    await expect
      .poll(() => statusText(page, status))
      .toMatch(/Sie haben noch 1 Ziehung\.$/);
    await drawButton.click();
    await expect
      .poll(() => statusText(page, status))
      .toMatch(/Sie haben noch 0 Ziehungen\.$/);
    // used up: the button is gone; a fresh page that tries again hears so
    expect(await drawButton.count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Ziehen', exact: true }).click();
    await expect
      .poll(() => statusText(page, status))
      .toBe('Sie haben alle Ihre Ziehungen für diese Verlosung genutzt.');
    expect(problems).toEqual([]);
  });

  it('a draw that has not started says when it opens and offers no draw', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/ja-JP/snooker/new-year-2027`);
    await page.getByText(/抽選は .+ に開始します。/).waitFor();
    expect(
      await page.getByRole('button', { name: '抽選する', exact: true }).count(),
    ).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a failing API says so, and the next try works', async ({ open }) => {
    const who = await registerAccount(api, 'draw-fault');
    const { page, problems } = await open();
    await page.goto(`${base}/en/snooker/snooker-masters-2026`);
    await hydrated(page);
    await page.locator('header button.zmx-pv-login').click();
    await fillLogin(page, who);
    await injectFault(api, {
      pathPrefix: '/api/v1/lucky-draws/snooker-masters-2026/draw',
      kind: 'status',
      status: 503,
      times: 1,
    });
    const status = '.draw [role="status"]';
    await page.getByRole('button', { name: 'Draw', exact: true }).click();
    await expect
      .poll(() => statusText(page, status))
      .toBe('Something went wrong. Please try again.');
    await page.getByRole('button', { name: 'Draw', exact: true }).click();
    await expect
      .poll(() => statusText(page, status))
      .toMatch(
        /^You won the .+: [\d.,]+\u00a0[A-Z]+\. It is in your funding account\. You have 2 draws left\.$/,
      );
    expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
  });
});

/** True when `selector` matches the focused element (false when the focus fell to <body>). */
const hasFocus = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/**
 * A guest presses a page action by keyboard: the login modal opens; Escape dismisses it.
 * Resolves with the button.
 */
const pressAsGuest = async (page: Page, path: string, name: string) => {
  await page.goto(`${base}${path}`);
  await hydrated(page);
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-dialog="login"]');
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return button;
};

describe('keyboard focus on the page actions and the unbind form', () => {
  it('Receive keeps the focus while it works, gets it back when the login modal is dismissed, and hands it to the message when it goes away', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'envelope-focus');
    const { page, problems } = await open();
    const receive = await pressAsGuest(
      page,
      '/en/redEnvelopes/receive?code=lucky88',
      'Receive',
    );
    await expect.poll(() => hasFocus(page, '.receive button')).toBe(true);
    expect(await receive.getAttribute('aria-disabled')).toBeNull();
    // again, then log in: received, the button goes, its focus to the message
    await page.keyboard.press('Enter');
    await fillLogin(page, who);
    await expect
      .poll(() => statusText(page, '.receive [role="status"]'))
      .toBe('Received! The coins are in your funding account.');
    await expect
      .poll(() => hasFocus(page, '.receive [role="status"]'))
      .toBe(true);
    expect(problems).toEqual([]);
  });

  it('Draw keeps the focus while it works (aria-disabled, not disabled) and gets it back from the login modal', async ({
    open,
  }) => {
    const who = await registerAccount(api, 'draw-focus');
    const { page, problems } = await open();
    const draw = await pressAsGuest(
      page,
      '/en/snooker/snooker-masters-2026',
      'Draw',
    );
    await expect.poll(() => hasFocus(page, '.draw button')).toBe(true);
    // logged in through the modal it opens: the draw runs, the focus is on Draw throughout
    await page.keyboard.press('Enter');
    await fillLogin(page, who);
    await expect
      .poll(() => statusText(page, '.draw [role="status"]'))
      .toMatch(/You have 2 draws left\.$/);
    expect(await hasFocus(page, '.draw button')).toBe(true);
    // a slow draw: pending is announced, the button stays focusable and ignores presses
    await injectFault(api, {
      pathPrefix: '/api/v1/lucky-draws/snooker-masters-2026/draw',
      kind: 'delay',
      ms: 1000,
      times: 1,
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => draw.getAttribute('aria-disabled')).toBe('true');
    expect(
      await draw.evaluate((el) => (el as HTMLButtonElement).disabled),
    ).toBe(false);
    expect(await hasFocus(page, '.draw button')).toBe(true);
    await page.keyboard.press('Enter'); // ignored while pending
    await expect
      .poll(() => statusText(page, '.draw [role="status"]'), {
        timeout: 5000,
      })
      .toMatch(/You have 1 draw left\.$/);
    await quiet(page);
    expect(await statusText(page, '.draw [role="status"]')).toMatch(
      /You have 1 draw left\.$/,
    );
    expect(await hasFocus(page, '.draw button')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the unbind form focuses the first refused field (its error is its description, not its name) and moves the focus to the result, announced in a region that was there from the start', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/unbind-google2fa`);
    await hydrated(page);
    const form = page.locator('form', { has: page.getByLabel('UID') });
    // the live region for the result is in the page before anything is sent
    const regions = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('[role="status"]')].filter(
            (el) => !el.closest('section'),
          ).length,
      );
    expect(await regions()).toBe(1);
    await page.evaluate(() => {
      const region = [...document.querySelectorAll('[role="status"]')].find(
        (el) => !el.closest('section'),
      );
      (region as HTMLElement & { __kept?: boolean }).__kept = true;
    });
    const send = form.getByRole('button', {
      name: 'Send request',
      exact: true,
    });
    await send.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(page, 'input[name="email"]')).toBe(true);
    // names stay the labels; the errors are descriptions
    for (const [role, name, error] of [
      ['textbox', 'Account email', 'Enter the email address of your account.'],
      [
        'textbox',
        'UID',
        'Your UID has 6 to 12 digits; find it in the app under Profile.',
      ],
      [
        'combobox',
        'Reason',
        'Choose why you need to unbind the authenticator.',
      ],
    ] as const) {
      const field = form.getByRole(role, { name, exact: true });
      expect(await field.count()).toBe(1);
      expect(
        await field.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        ),
      ).toBe(error);
    }
    // only the UID left wrong: the focus goes there
    await form.getByLabel('Account email').fill('trader@example.com');
    await form.getByLabel('Reason').selectOption('other');
    await form.getByLabel('UID').fill('12');
    await send.click();
    await expect.poll(() => hasFocus(page, 'input[name="uid"]')).toBe(true);
    await form.getByLabel('UID').fill('10293847');
    await send.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', {
      name: 'Request received',
      exact: true,
    });
    await heading.waitFor();
    await expect
      .poll(() => heading.evaluate((el) => el === document.activeElement))
      .toBe(true);
    // the same region, filled in
    expect(
      await heading.evaluate(
        (el) =>
          el.closest<HTMLElement & { __kept?: boolean }>('[role="status"]')
            ?.__kept === true,
      ),
    ).toBe(true);
    expect(problems).toEqual([]);
  });
});
