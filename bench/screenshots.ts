/**
 * npm run screenshots — a full-page screenshot of every page of the route table in en, ja-JP,
 * th-TH, ru-RU and zh-TW at 390, 768 and 1366 px wide (phone, tablet, desktop) into
 * bench/results/screenshots/<width>/<locale>/<route>.png, against the production build and the
 * sandbox. Needs `npm run build` and Debian's chromium (with the fonts `npm run test:setup`
 * installs for CJK and Thai text). `SCREENSHOT_LOCALES` / `SCREENSHOT_WIDTHS` (comma-separated)
 * narrow the set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { isLocale, type Locale } from '../src/i18n/locales.ts';
import { ROUTES, routePath } from '../src/routes.ts';
import { launchBrowser, PERSON_UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';

/** A real key for each route parameter (the sandbox's seed). */
const KEYS: Record<string, string> = {
  id: 'aurora-chain',
  name: 'newcomer',
  luckyDrawName: 'snooker-masters-2026',
};

const listOf = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const locales: Locale[] = (
  listOf(process.env.SCREENSHOT_LOCALES) ?? [
    'en',
    'ja-JP',
    'th-TH',
    'ru-RU',
    'zh-TW',
  ]
).filter(isLocale);
const widths = (
  listOf(process.env.SCREENSHOT_WIDTHS) ?? ['390', '768', '1366']
).map(Number);

const out = path.join(ROOT, 'bench/results/screenshots');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const stack = await startStack({ port, siteOrigin: origin });
try {
  const browser = await launchBrowser();
  let count = 0;
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      userAgent: PERSON_UA,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    for (const locale of locales) {
      const dir = path.join(out, String(width), locale);
      mkdirSync(dir, { recursive: true });
      for (const route of ROUTES) {
        const address = routePath(
          locale,
          route.id,
          'param' in route ? KEYS[route.param] : undefined,
        );
        const response = await page.goto(`${origin}${address}`, {
          waitUntil: 'networkidle',
        });
        if (response?.status() !== 200)
          console.warn(`${address}: status ${response?.status()}`);
        const file = path.join(dir, `${route.id}.png`);
        await page.screenshot({ path: file, fullPage: true });
        count += 1;
      }
    }
    await context.close();
  }
  console.log(
    `${count} screenshots (${locales.join(', ')} at ${widths.join(', ')} px) in ${path.relative(ROOT, out)}`,
  );
  await browser.close();
} finally {
  await stack.stop();
}
