import { describe, expect, inject } from 'vitest';

import { it } from '../../helpers/browser.ts';
import { clearFaults, injectFault } from '../../helpers/sandbox.ts';
import { DEMO, hydrated, loginFromHeader } from '../../helpers/session.ts';
import { balancesLoaded } from '../../helpers/widgets.ts';

// The trader widgets in the browser: the toasts.

const base = inject('baseURL');
const api = inject('apiURL');

describe("the request client's toasts in the browser (spec §8)", () => {
  it('a ret_code answer shows a warning toast with the translated errorCode text; a 5xx shows an error toast', async ({
    open,
  }) => {
    const { page } = await open();
    await page.goto(`${base}/de-DE/launchpad`);
    await hydrated(page);
    await loginFromHeader(page);
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem').first().click();
    const transfer = page.locator('[data-dialog="transfer"]');
    await transfer.waitFor();
    await balancesLoaded(page);
    // the session ends behind the page's back (logout from elsewhere)
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/v1/user/logout', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return r.status;
    });
    expect(status).toBe(200);
    await transfer.locator('input[name="amount"]').fill('1');
    await transfer.locator('button[type="submit"]').click();
    const warning = page.locator('.zmx-pv-toast-warning');
    await warning.waitFor();
    expect(
      await warning.locator('.zmx-pv-toast-title').textContent(),
    ).toContain('10008');
    expect(await warning.locator('.zmx-pv-toast-detail').textContent()).toBe(
      'Bitte melden Sie sich an, um fortzufahren.',
    );
    // the header is a guest's again
    await page.keyboard.press('Escape');
    await page.locator('header button.zmx-pv-login').waitFor();

    // a 503 from the API: an error toast titled with the status
    const login = page.locator('[data-dialog="login"]');
    await injectFault(api, {
      pathPrefix: '/api/v1/user/login',
      kind: 'status',
      status: 503,
      times: 1,
    });
    try {
      await page.locator('header button.zmx-pv-login').click();
      await login.locator('input[type="email"]').fill(DEMO.email);
      await login.locator('input[type="password"]').fill(DEMO.password);
      await login.locator('button[type="submit"]').click();
      const error = page.locator('.zmx-pv-toast-error');
      await error.waitFor();
      expect(
        await error.locator('.zmx-pv-toast-title').textContent(),
      ).toContain('503');
      // in the page's language, not the server's English status text
      expect(await error.locator('.zmx-pv-toast-detail').textContent()).toBe(
        'Der Server kann gerade nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
      );
      // the form says it too, and kept what was typed
      await expect
        .poll(() => login.getByRole('alert').textContent())
        .not.toBe('');
      expect(await login.locator('input[type="email"]').inputValue()).toBe(
        DEMO.email,
      );
    } finally {
      await clearFaults(api);
    }

    // a malformed answer: the site's proxy answers it with its own 502 envelope (never the
    // upstream bytes), shown as the status in the page's language, never a message id
    await page
      .locator('.zmx-pv-toast-error')
      .first()
      .waitFor({ state: 'detached' });
    await injectFault(api, {
      pathPrefix: '/api/v1/user/login',
      kind: 'malformed',
      times: 1,
    });
    try {
      await login.locator('button[type="submit"]').click();
      const error = page.locator('.zmx-pv-toast-error');
      await error.waitFor();
      expect(await error.locator('.zmx-pv-toast-detail').textContent()).toBe(
        'Der Server kann gerade nicht antworten. Bitte versuchen Sie es gleich noch einmal.',
      );
      expect(
        await error.locator('.zmx-pv-toast-title').textContent(),
      ).toContain('502');
    } finally {
      await clearFaults(api);
    }
  });
});
