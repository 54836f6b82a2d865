import { describe, expect, inject } from 'vitest';

import { ROUTES, routePath } from '../../src/routes.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it, onePage, sharedBrowser } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';

const base = inject('baseURL');
/** The page background of each theme (--bg in src/styles/global.css). */
const THEME_BACKGROUND = {
  light: 'rgb(245, 248, 248)',
  dark: 'rgb(11, 20, 22)',
} as const;
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};
const EXTRA = [
  '/en/redEnvelopes/receive?code=WELCOME2026',
  '/en/official-verify?kind=x&value=@someone',
  '/en/specify-the-path?goal=futures',
  '/en/no-such-page',
];

/**
 * axe on every page type, desktop and phone, in the light and the dark theme (the browser's
 * preference, which the site follows): no violations (WCAG 2.1 AA rules and best practices). One
 * test per page, width and theme, so each has the time one axe run takes.
 */
describe('accessibility (axe)', () => {
  // one Chromium for this block, closed before the blocks below open theirs
  const browser = sharedBrowser();
  const paths = [
    ...ROUTES.map((r) =>
      routePath('en', r.id, 'param' in r ? KEYS[r.param] : undefined),
    ),
    ...EXTRA,
  ];
  for (const colorScheme of ['light', 'dark'] as const)
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ])
      describe(`${colorScheme} theme at ${viewport.width}px`, () => {
        const shared = onePage(browser, { viewport, colorScheme });
        for (const path of paths)
          it(`${path} has no violations`, async () => {
            const { page, problems } = shared();
            problems.length = 0;
            await page.goto(`${base}${path}`);
            await page.waitForFunction(
              () => document.documentElement.dataset.hydrated === 'true',
            );
            // the page is drawn in the theme asked for
            await expect(
              page.evaluate(
                () =>
                  getComputedStyle(document.documentElement).backgroundColor,
              ),
            ).resolves.toBe(THEME_BACKGROUND[colorScheme]);
            expect(await axeViolations(page)).toEqual([]);
            expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
          });
      });
});

describe('the language menu', () => {
  it('closes when the focus leaves it by Tab or Shift+Tab, and stays open while it moves inside', async ({
    open,
  }) => {
    const { page, problems } = await open();
    await page.goto(`${base}/en/launchpad`);
    await hydrated(page);
    const isOpen = () =>
      page.evaluate(
        () => document.querySelector<HTMLDetailsElement>('.zmx-pv-lang')?.open,
      );
    const inside = () =>
      page.evaluate(
        () =>
          document
            .querySelector('.zmx-pv-lang')
            ?.contains(document.activeElement) ?? false,
      );
    const summary = page.locator('.zmx-pv-lang > summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await isOpen()).toBe(true);
    // through the languages: open all the way
    let steps = 0;
    for (; steps < 30; steps++) {
      await page.keyboard.press('Tab');
      if (!(await inside())) break;
      expect(await isOpen()).toBe(true);
    }
    expect(steps).toBeGreaterThan(5);
    // past the last one: closed
    expect(await isOpen()).toBe(false);
    // Shift+Tab back from the button: closed as well
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await isOpen()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(false);
    expect(await isOpen()).toBe(false);
    expect(problems).toEqual([]);
  });
});

/** The buttons that need JavaScript, per page: [path, role name]. */
const SCRIPTED: readonly (readonly [string, string | RegExp])[] = [
  ['/en', 'Log in'],
  ['/en', 'Sign up'],
  ['/en', /^Copy the .+ link$/],
  ['/en/earning/savings', /^Subscribe /],
  ['/en/launchpad/aurora-chain', /^Subscribe /],
  ['/en/snooker/snooker-masters-2026', 'Draw'],
  ['/en/redEnvelopes/receive?code=lucky88', 'Receive'],
  ['/en/unbind-google2fa', 'Send request'],
];

describe('without JavaScript', () => {
  it('buttons that need scripts are disabled (the content stays), and the unbind form cannot go out as a query string', async ({
    open,
  }) => {
    const { page } = await open({ javaScriptEnabled: false });
    const enabled: string[] = [];
    for (const [path, name] of SCRIPTED) {
      await page.goto(`${base}${path}`);
      expect(await page.locator('main h1').first().isVisible()).toBe(true);
      const buttons = page.getByRole('button', { name, exact: true });
      const count = await buttons.count();
      expect(count, `${path} ${String(name)}`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++)
        if (!(await buttons.nth(i).isDisabled()))
          enabled.push(`${path}: ${String(name)}`);
    }
    expect(enabled).toEqual([]);
    // Enter in a field of the unbind form sends nothing anywhere
    await page.goto(`${base}/en/unbind-google2fa`);
    await page.getByLabel('Account email').fill('trader@example.com');
    await page.getByLabel('UID').fill('10293847');
    await page.getByLabel('UID').press('Enter');
    // a submission would be a navigation under way now: its load is what this waits for
    await page.waitForLoadState();
    expect(page.url()).toBe(`${base}/en/unbind-google2fa`);
  });

  it('with JavaScript the same buttons are enabled once hydrated, and look the same before (no flash)', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const looks = (selector: string) =>
      page.evaluate((s) => {
        const button = document.querySelector<HTMLButtonElement>(s);
        if (!button) return undefined;
        const style = (b: HTMLButtonElement) => {
          const c = getComputedStyle(b);
          return [c.color, c.backgroundColor, c.borderColor, c.opacity].join();
        };
        const before = button.cloneNode(true) as HTMLButtonElement;
        before.disabled = true;
        button.after(before);
        const same = style(before) === style(button);
        before.remove();
        return { disabled: button.disabled, same };
      }, selector);
    for (const [path, selector] of [
      ['/en', 'header button.zmx-pv-login'],
      ['/en', 'header button.zmx-pv-signup'],
      // the live Copy button the widgets put in the server's place
      ['/en', '.social .copy-island > div > button'],
      ['/en/earning/savings', 'button.zmx-pv-subscribe'],
      ['/en/snooker/snooker-masters-2026', '.draw button'],
      ['/en/unbind-google2fa', 'form button[type="submit"]'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await hydrated(page);
      // the live Copy button comes with the widgets, a second after start
      await expect
        .poll(() => looks(selector), { timeout: 10_000 })
        .toEqual({ disabled: false, same: true });
    }
    expect(problems).toEqual([]);
  });
});
