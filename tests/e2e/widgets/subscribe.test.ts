import { describe, expect, inject } from 'vitest';

import { it } from '../../helpers/browser.ts';
import { fillLogin, hydrated } from '../../helpers/session.ts';
import { balancesLoaded, toastTitles, units } from '../../helpers/widgets.ts';

// The trader widgets in the browser: the subscribe button and dialog.

const base = inject('baseURL');

describe('page actions, navigation feedback and the global error state', () => {
  it('a guest subscribes to savings: Subscribe → login modal → subscribe dialog → toast, funding balance down', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/earning/savings?coin=USDT`);
    await hydrated(page);
    await page.locator('button.zmx-pv-subscribe').first().click();
    await fillLogin(page);
    // the login's callback opens the subscribe dialog
    const dialog = page.getByRole('dialog', { name: /^Subscribe to USDT/ });
    await dialog.waitFor();
    await page.waitForFunction(() =>
      /\d/.test(
        document.querySelector('[data-dialog="subscribe"] output')
          ?.textContent ?? '',
      ),
    );
    const before = units((await dialog.locator('output').textContent()) ?? '');
    // below the minimum: refused before sending
    await dialog.getByLabel('Amount (USDT)').fill('1');
    await dialog
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await expect
      .poll(() => dialog.locator('.zmx-pv-field-error').textContent())
      .toMatch(/^The minimum is 10/);
    await dialog.getByLabel('Amount (USDT)').fill('10');
    await dialog
      .getByRole('button', { name: 'Subscribe', exact: true })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toastTitles(page)).toContain('Subscribed');
    // the funding balance went down by exactly 10
    await page.locator('header button.zmx-pv-user').click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    await page.locator('[data-dialog="transfer"]').waitFor();
    await balancesLoaded(page);
    const fundText =
      (await page
        .locator('[data-dialog="transfer"] [data-account="to"] output')
        .textContent()) ?? '';
    expect(units(fundText)).toBe(before - 10n * 10n ** 8n);
    expect(problems).toEqual([]);
  });
});
