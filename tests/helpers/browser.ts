import {
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';

import { launchBrowser, PERSON_UA } from './chromium.ts';

export { launchBrowser, PERSON_UA };

/** The requests each page opened by openPage has in flight. */
const inFlight = new WeakMap<Page, Set<Request>>();
const track = (page: Page) => {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    // telemetry goes out with keepalive: nothing on the page waits for it, and it may never be
    // reported finished
    if (r.resourceType() === 'ping' || /\/api\/v1\/collect$/.test(r.url()))
      return;
    pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
};

/**
 * Resolves once the page is quiet: twice in a row, no request in flight across two painted
 * frames. Whatever the last answers and events set off (renders, effects, focus moves) has run by
 * then: for checks that something stays as it is. Pages opened by openPage only; not with
 * Playwright's clock installed (it holds the frames).
 */
export const quiet = async (page: Page): Promise<void> => {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('quiet() needs a page opened by openPage');
  for (let calm = 0, rounds = 0; calm < 2; rounds += 1) {
    if (rounds > 200)
      throw new Error(
        `the page never went quiet: ${[...pending].map((r) => r.url()).join(', ')}`,
      );
    const before = pending.size;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    calm = before === 0 && pending.size === 0 ? calm + 1 : 0;
  }
};

/**
 * Resolves once the test has seen every request the page started so far (a request the page
 * starts now is reported after them): for checks that something was not asked for.
 */
export const requestsSeen = async (page: Page): Promise<void> => {
  const marker = `/__seen-${Math.random().toString(36).slice(2)}`;
  await page.route(`**${marker}`, (route) =>
    route.fulfill({ status: 204, body: '' }),
  );
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(marker)),
    page.evaluate((path) => void fetch(path).catch(() => undefined), marker),
  ]);
};

/**
 * A page whose console errors and warnings, page errors and failed requests fail the test
 * (STYLE.md), unless the test expects them.
 */
export const openPage = async (
  browser: Browser,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    /** The browser's preferred color scheme (the site's theme follows it). */
    colorScheme?: 'light' | 'dark';
  } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
  const context = await browser.newContext({
    userAgent: PERSON_UA,
    ...(options.locale ? { locale: options.locale } : {}),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.javaScriptEnabled === false
      ? { javaScriptEnabled: false }
      : {}),
  });
  const page = await context.newPage();
  track(page);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
};

/**
 * One Chromium for the test file that calls this (at its top level): launched before its tests,
 * closed after them. Returns the running browser.
 */
export const sharedBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
};

type Opened = Awaited<ReturnType<typeof openPage>>;

/**
 * One page for every test of the block that calls this (at its top level or in a describe):
 * opened in `browser` before its tests, its context closed after them. Returns the open page.
 */
export const onePage = (
  browser: () => Browser,
  options: Parameters<typeof openPage>[1] = {},
): (() => Opened) => {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await openPage(browser(), options);
  });
  afterAll(async () => {
    await opened?.context.close();
  });
  return () => {
    if (!opened) throw new Error('the page opens in beforeAll');
    return opened;
  };
};

/**
 * `it` with a browser: `browser` is one Chromium for the test file, `open(options)` opens a
 * context and its page (as openPage does) that are closed when the test ends, passed or failed.
 */
export const it = test
  // vitest reads a fixture's dependencies from its first parameter's destructuring: none here
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('open', ({ browser }, { onCleanup }) => {
    const opened: Opened[] = [];
    onCleanup(async () => {
      await Promise.all(opened.map(({ context }) => context.close()));
    });
    return async (options?: Parameters<typeof openPage>[1]) => {
      const one = await openPage(browser, options);
      opened.push(one);
      return one;
    };
  });

/**
 * The header navigation's link to `href`, shown: at 1024 px and wider the header's links are in
 * a few menus, so this opens the menu that holds it first (as a person would).
 */
export const headerNavLink = async (
  page: Page,
  href: string,
): Promise<Locator> => {
  const group = page
    .getByRole('banner')
    .locator('nav li')
    .filter({ has: page.getByRole('button') })
    .filter({ has: page.locator(`a[href="${href}"]`) });
  await group.getByRole('button').click();
  const link = group.locator(`a[href="${href}"]`);
  await link.waitFor({ state: 'visible' });
  return link;
};

/** The page's tab goes to the background: `visibilityState` reads 'hidden' and the event fires. */
export const hidePage = (page: Page): Promise<void> =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/**
 * Follows the site link (`a[data-app-link]`) to `path` as a click would, without scrolling to it
 * first, and waits until the address bar shows it.
 */
export const followLink = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((href) => {
    const link = document.querySelector<HTMLAnchorElement>(
      `a[data-app-link][href="${href}"]`,
    );
    if (!link) throw new Error(`no site link to ${href}`);
    link.click();
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
};
