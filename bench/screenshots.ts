/**
 * npm run screenshots — saves screenshots of home, a launchpad detail, savings and the
 * competition at desktop and phone widths (in en and ja-JP) into bench/results/screenshots/,
 * against the production build and the sandbox. Needs `npm run build` and Debian's chromium
 * (with fonts-noto-cjk for CJK text).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { launchBrowser, PERSON_UA } from '../tests/helpers/browser.ts';
import { freePort } from '../tests/helpers/ports.ts';

const out = path.join(ROOT, 'bench/results/screenshots');
mkdirSync(out, { recursive: true });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const stack = await startStack({ port, siteOrigin: origin });
try {
  const browser = await launchBrowser();
  const pages = [
    '/en',
    '/en/launchpad/aurora-chain',
    '/en/earning/savings',
    '/en/ZCCCompetition2025',
    '/ja-JP',
    '/ja-JP/launchpad/aurora-chain',
  ];
  const sizes = {
    desktop: { width: 1366, height: 900 },
    phone: { width: 390, height: 844 },
  };
  for (const [name, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({
      viewport,
      userAgent: PERSON_UA,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(`${origin}${p}`, { waitUntil: 'networkidle' });
      const file = path.join(out, `${name}${p.replace(/\//g, '_')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await stack.stop();
}
