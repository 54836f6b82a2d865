/**
 * npm run lighthouse — Lighthouse (mobile, the npm package, on the project's Node 24) with
 * Debian's chromium against the production build and the sandbox API: the median of 3 runs per
 * page and category, checked against the budgets below. `--seo` checks only SEO (issue 5).
 * Needs a build (`npm run build`).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';

const SEO_ONLY = process.argv.includes('--seo');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = SEO_ONLY
  ? ['/en', '/ja-JP/launchpad', '/zh-TW/earning/savings']
  : [
      '/en',
      '/ja-JP/launchpad',
      '/zh-TW/earning/savings',
      '/de-DE/announcement-info/margin-parameters',
    ];
const BUDGETS: Record<string, number> = SEO_ONLY
  ? { seo: 1 }
  : { performance: 0.95, accessibility: 1, 'best-practices': 0.95, seo: 1 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const main = async () => {
  let stop: (() => Promise<void>) | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const failures: string[] = [];
  try {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    stop = (await startStack({ port, host: '127.0.0.1', siteOrigin: origin }))
      .stop;
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    console.log(
      `page                                        ${Object.keys(BUDGETS)
        .map((c) => c.padStart(15))
        .join('')}`,
    );
    for (const page of PAGES) {
      const scores: Record<string, number[]> = {};
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(BUDGETS),
        });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        for (const category of Object.keys(BUDGETS)) {
          (scores[category] ??= []).push(
            result.lhr.categories[category]?.score ?? 0,
          );
        }
        if (i === RUNS - 1) {
          for (const audit of Object.values(result.lhr.audits)) {
            if (
              audit.score !== null &&
              audit.score < 1 &&
              audit.scoreDisplayMode === 'binary'
            ) {
              console.log(`  ${page}: ${audit.id} — ${audit.title}`);
            }
          }
        }
      }
      const medians = Object.fromEntries(
        Object.entries(scores).map(([c, v]) => [c, median(v)]),
      );
      console.log(
        `${page.padEnd(44)}${Object.keys(BUDGETS)
          .map((c) => (medians[c] ?? 0).toFixed(2).padStart(15))
          .join('')}`,
      );
      for (const [category, min] of Object.entries(BUDGETS)) {
        if ((medians[category] ?? 0) < min)
          failures.push(`${page} ${category} ${medians[category]} < ${min}`);
      }
    }
  } finally {
    chrome?.kill();
    await stop?.();
  }
  console.log(
    failures.length
      ? `\nmissed:\n${failures.join('\n')}`
      : `\nall Lighthouse budgets met (median of ${RUNS})`,
  );
  process.exitCode = failures.length ? 1 : 0;
};

await main();
