import { msg } from '@lingui/core/macro';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';

import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import { THEME_KEY } from '../../src/lib/config/storage-keys.ts';
import { getServerI18n } from '../../src/lib/i18n/server.ts';
import { ROUTES, routePath } from '../../src/routes.ts';
import { axeViolations } from '../helpers/axe.ts';
import { it, PERSON_UA } from '../helpers/browser.ts';
import { hydrated } from '../helpers/session.ts';
import { tabTo } from '../helpers/widgets.ts';

// Issue 42, point 6: light and dark themes — the browser's preference by default, a toggle
// stored under the spec's theme key, no flash of the wrong theme, one cached copy for everyone.

const base = inject('baseURL');

/** The page background of each theme (--bg in src/styles/global.css). */
const BACKGROUND = {
  light: 'rgb(245, 248, 248)',
  dark: 'rgb(11, 20, 22)',
} as const;

/**
 * Records, in the page's first animation frame (before its first paint: the stylesheet blocks
 * rendering until it is in), the root's background and theme attribute.
 */
const recordFirstFrame = (page: Page) =>
  page.addInitScript(() => {
    requestAnimationFrame(() => {
      const root = document.documentElement;
      (window as unknown as { __firstFrame: unknown }).__firstFrame = {
        background: getComputedStyle(root).backgroundColor,
        theme: root.getAttribute('data-theme'),
      };
    });
  });
const firstFrame = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __firstFrame?: { background: string; theme: string | null };
        }
      ).__firstFrame,
  );
const background = (page: Page) =>
  page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
const toggle = (page: Page, name = 'Dark theme') =>
  page.getByRole('banner').getByRole('button', { name, exact: true });
/** From the light theme, the keyboard reaches the switch and picks dark: shown and stored. */
const toggleToDark = async (page: Page) => {
  await tabTo(page, 'header button.theme-toggle', 80);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
    .toBe('dark');
  await expect(
    page.evaluate((key) => localStorage.getItem(key), THEME_KEY),
  ).resolves.toBe('dark');
};

describe('the theme', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`follows the browser's preference (${scheme}) when nothing is chosen, coin icons in its style, axe clean`, async ({
      open,
    }) => {
      const { page, problems } = await open();
      await page.emulateMedia({ colorScheme: scheme });
      await recordFirstFrame(page);
      await page.goto(`${base}${routePath('en', 'savings')}`);
      await hydrated(page);
      await expect(firstFrame(page)).resolves.toEqual({
        background: BACKGROUND[scheme],
        theme: null,
      });
      await expect(background(page)).resolves.toBe(BACKGROUND[scheme]);
      // the toggle says which theme is on
      await expect
        .poll(() => toggle(page).getAttribute('aria-pressed'))
        .toBe(scheme === 'dark' ? 'true' : 'false');
      // every coin icon shows the theme's style (the light one replaces the dark image)
      const icons = await page.evaluate(() =>
        [...document.querySelectorAll('img.coin-icon')].map(
          (img) => getComputedStyle(img).content,
        ),
      );
      expect(icons.length).toBeGreaterThan(0);
      for (const content of icons)
        if (scheme === 'light') expect(content).toMatch(/\/coin\/light\//);
        else expect(content).toBe('normal');
      await expect(axeViolations(page)).resolves.toEqual([]);
      expect(problems).toEqual([]);
    });

  it('the toggle (keyboard) switches at once, is stored under the theme key, and a reload starts in it with no flash', async ({
    open,
  }) => {
    const { page, problems } = await open();
    // the browser prefers dark: a flash would be the dark background before the light one
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordFirstFrame(page);
    await page.goto(`${base}${routePath('en', 'launchpad')}`);
    await hydrated(page);
    await expect.poll(() => toggle(page).count()).toBe(1);
    await expect(toggle(page).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await tabTo(page, 'header button.theme-toggle', 80);
    await page.keyboard.press('Space');
    await expect
      .poll(() => toggle(page).getAttribute('aria-pressed'))
      .toBe('false');
    await expect(background(page)).resolves.toBe(BACKGROUND.light);
    await expect(
      page.evaluate((key) => localStorage.getItem(key), THEME_KEY),
    ).resolves.toBe('light');
    await expect(axeViolations(page)).resolves.toEqual([]);

    for (const path of [
      routePath('en', 'launchpad'),
      routePath('ja-JP', 'savings'),
    ]) {
      await page.goto(`${base}${path}`);
      await hydrated(page);
      // the first frame is already light: the stored choice was on the root before it painted
      await expect(firstFrame(page)).resolves.toEqual({
        background: BACKGROUND.light,
        theme: 'light',
      });
      await expect(background(page)).resolves.toBe(BACKGROUND.light);
    }
    // and back to dark by Enter, stored too
    await toggleToDark(page);
    await page.reload();
    await hydrated(page);
    await expect(firstFrame(page)).resolves.toEqual({
      background: BACKGROUND.dark,
      theme: 'dark',
    });
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the theme script runs before any of the app’s scripts (they are blocked here)', async ({
    open,
  }) => {
    const { page, context, problems } = await open();
    await page.emulateMedia({ colorScheme: 'light' });
    await context.addInitScript(
      ([key]) => localStorage.setItem(key ?? '', 'dark'),
      [THEME_KEY],
    );
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await recordFirstFrame(page);
    await page.goto(`${base}${routePath('de-DE', 'home')}`);
    await expect
      .poll(() => firstFrame(page))
      .toEqual({ background: BACKGROUND.dark, theme: 'dark' });
    // the blocked scripts are the only failures (no CSP refusal of the inline script)
    expect(
      problems.filter(
        (p) => !/ERR_FAILED|Failed to load|\/assets\/[^\s]*\.js/.test(p),
      ),
    ).toEqual([]);
  });

  it('the page cache serves one copy, the same bytes whatever the theme', async ({
    open,
  }) => {
    const path = routePath('en', 'launchpad-project', 'aurora-chain');
    // asked until the page cache answers with its stored copy
    await expect
      .poll(
        async () =>
          (
            await fetch(`${base}${path}`, {
              headers: { 'user-agent': PERSON_UA },
            })
          ).headers.get('x-cache'),
        { timeout: 10_000 },
      )
      .toBe('HIT');
    const bodies: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context } = await open();
      await page.emulateMedia({ colorScheme: scheme });
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
        [THEME_KEY, scheme === 'light' ? 'dark' : 'light'],
      );
      const res = await page.goto(`${base}${path}`);
      expect(res?.headers()['x-cache']).toBe('HIT');
      bodies.push((await res?.text()) ?? '');
      await hydrated(page);
      await expect(background(page)).resolves.toBe(
        BACKGROUND[scheme === 'light' ? 'dark' : 'light'],
      );
    }
    expect(bodies[0]?.length).toBeGreaterThan(1000);
    expect(bodies[0]).toBe(bodies[1]);
    // the HTML names no theme: the root has no data-theme from the server
    expect(bodies[0]).not.toMatch(/<html[^>]*data-theme/);
  });
});

/** Every page type in English (keyed pages at a key the sandbox knows), and a red envelope. */
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};
const EVERY_PAGE = [
  ...ROUTES.map((r) =>
    routePath('en', r.id, 'param' in r ? KEYS[r.param] : undefined),
  ),
  '/en/redEnvelopes/receive?code=WELCOME2026',
];

type ShownIcon = {
  /** The address of the image the element shows in this theme. */
  readonly shown: string;
  /** Its natural width once loaded (0: broken). */
  readonly naturalWidth: number;
  readonly box: { readonly width: number; readonly height: number };
};

/**
 * Every coin icon of the page as drawn: the image it shows (its own `src`, or the address the
 * stylesheet's `content` puts in its place), loaded on its own so that a broken address reads 0.
 */
const shownIcons = (page: Page): Promise<ShownIcon[]> =>
  page.evaluate(async () => {
    const load = async (src: string) => {
      const image = new Image();
      image.src = src;
      try {
        await image.decode();
      } catch {
        return 0;
      }
      return image.naturalWidth;
    };
    // the ones a person can see (a table the live one replaced is hidden, its images unloaded)
    const icons = [
      ...document.querySelectorAll<HTMLImageElement>('img.coin-icon'),
    ].filter((img) => img.checkVisibility());
    const found: ShownIcon[] = [];
    for (const img of icons) {
      img.scrollIntoView({ block: 'center' });
      const replaced = /^url\("(.+)"\)$/.exec(
        getComputedStyle(img).content,
      )?.[1];
      const shown = replaced ?? img.src;
      // the element's own image when it is the one shown (lazy: it loads once in view)
      const drawn =
        replaced === undefined
          ? await img.decode().then(
              () => img.naturalWidth,
              () => 0,
            )
          : Number.POSITIVE_INFINITY;
      const { width, height } = img.getBoundingClientRect();
      found.push({
        shown: new URL(shown, location.href).pathname,
        naturalWidth: Math.min(drawn, await load(shown)),
        box: { width, height },
      });
    }
    return found;
  });

describe('coin icons in both themes (every page)', () => {
  for (const colorScheme of ['light', 'dark'] as const)
    it(`${colorScheme}: every coin icon loads and is drawn in the ${colorScheme} style`, async ({
      open,
    }) => {
      const { page, problems } = await open({
        colorScheme,
        viewport: { width: 390, height: 844 },
      });
      const counts: Record<string, number> = {};
      for (const path of EVERY_PAGE) {
        await page.goto(`${base}${path}`);
        await hydrated(page);
        await expect(background(page)).resolves.toBe(BACKGROUND[colorScheme]);
        const icons = await shownIcons(page);
        counts[path] = icons.length;
        for (const icon of icons) {
          expect(icon.shown, path).toMatch(
            new RegExp(`^/img/coin/${colorScheme}/[^/]+\\.svg$`),
          );
          expect(icon.naturalWidth, `${path} ${icon.shown}`).toBeGreaterThan(0);
          expect(icon.box, `${path} ${icon.shown}`).toEqual({
            width: 20,
            height: 20,
          });
        }
      }
      // the pages built around coins have their icons
      for (const route of ['home', 'savings', 'competition'] as const)
        expect(counts[routePath('en', route)], route).toBeGreaterThan(0);
      // the two styles are two drawings, not one image twice
      const [light, dark] = await Promise.all(
        (['light', 'dark'] as const).map(async (style) =>
          (await page.request.get(`${base}/img/coin/${style}/BTC.svg`)).text(),
        ),
      );
      expect(light).toMatch(/^<svg /);
      expect(light).not.toBe(dark);
      expect(problems).toEqual([]);
    });
});

describe.each([
  { width: 320, height: 700 },
  { width: 390, height: 844 },
])('the toggle on a phone at $width px', (viewport) => {
  for (const locale of LOCALE_CODES)
    it(`${locale}: named in the locale, shown whole, switches by keyboard, stored, and the next page starts in it`, async ({
      open,
    }) => {
      const { page, problems } = await open({
        locale,
        viewport,
        colorScheme: 'dark',
      });
      await recordFirstFrame(page);
      await page.goto(`${base}${routePath(locale, 'home')}`);
      await hydrated(page);
      const name = getServerI18n(locale)._(msg`Dark theme`);
      const button = toggle(page, name);
      // the toggle's own chunk comes after hydration (slow on a loaded machine)
      await expect.poll(() => button.count(), { timeout: 10_000 }).toBe(1);
      // in the header's row, inside the viewport
      const box = await button.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expect(button.getAttribute('aria-pressed')).resolves.toBe('true');
      await tabTo(page, 'header button.theme-toggle', 80);
      await page.keyboard.press('Space');
      await expect
        .poll(() => button.getAttribute('aria-pressed'))
        .toBe('false');
      await expect(background(page)).resolves.toBe(BACKGROUND.light);
      await expect(
        page.evaluate((key) => localStorage.getItem(key), THEME_KEY),
      ).resolves.toBe('light');
      // the next page is light from its first frame
      await page.goto(`${base}${routePath(locale, 'savings')}`);
      await hydrated(page);
      await expect(firstFrame(page)).resolves.toEqual({
        background: BACKGROUND.light,
        theme: 'light',
      });
      await toggleToDark(page);
      expect(problems).toEqual([]);
    });
});
