/**
 * Lighthouse (mobile, the npm package, on the project's Node 24) with Debian's chromium against
 * the production build and the sandbox API: the median of 3 runs per page and category, checked
 * against the minimum scores in bench/budgets.json. `npm run bench` runs it after the load runs;
 * `npm run lighthouse` runs it alone, `--seo` checks only SEO (issue 5). Needs a build.
 */
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { readBudgets } from './lib/budgets.ts';

export const LIGHTHOUSE_PAGES = [
  '/en',
  '/ja-JP/launchpad',
  '/zh-TW/earning/savings',
  '/de-DE/announcement-info/margin-parameters',
];

/** Minimum median score per category, from the one budgets file. */
export const lighthouseBudgets = (): Record<string, number> =>
  readBudgets().lighthouseMin;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export type LighthouseReport = {
  /** Median score per page and category. */
  readonly medians: Record<string, Record<string, number>>;
  /** One per page and category: the median against its budget. */
  readonly checks: { readonly ok: boolean; readonly text: string }[];
  readonly runs: number;
};

/** Starts its own site and sandbox, runs Lighthouse `runs` times per page, prints a table. */
export const runLighthouse = async ({
  pages = LIGHTHOUSE_PAGES,
  budgets = lighthouseBudgets(),
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
}: {
  pages?: readonly string[];
  budgets?: Record<string, number>;
  runs?: number;
} = {}): Promise<LighthouseReport> => {
  let stop: (() => Promise<void>) | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const checks: LighthouseReport['checks'] = [];
  const report: Record<string, Record<string, number>> = {};
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
      `page                                        ${Object.keys(budgets)
        .map((c) => c.padStart(15))
        .join('')}`,
    );
    for (const page of pages) {
      const scores: Record<string, number[]> = {};
      for (let i = 0; i < runs; i++) {
        // A run Lighthouse itself could not finish (a runtime error, a category without a
        // score) measured nothing: it is said, and run again, twice at most; then it counts as 0.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${origin}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: Object.keys(budgets),
          });
          if (!result) throw new Error(`no Lighthouse result for ${page}`);
          const { lhr } = result;
          const unscored = Object.keys(budgets).filter(
            (c) => typeof lhr.categories[c]?.score !== 'number',
          );
          if (!lhr.runtimeError && unscored.length === 0) break;
          console.log(
            `  ${page}: run ${i + 1} attempt ${attempt} not measured (${lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : `no score for ${unscored.join(', ')}`})`,
          );
          if (attempt === 3) break;
        }
        for (const category of Object.keys(budgets)) {
          (scores[category] ??= []).push(
            result.lhr.categories[category]?.score ?? 0,
          );
        }
        if (i === runs - 1) {
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
      report[page] = medians;
      console.log(
        `${page.padEnd(44)}${Object.keys(budgets)
          .map((c) => (medians[c] ?? 0).toFixed(2).padStart(15))
          .join('')}`,
      );
      for (const [category, min] of Object.entries(budgets)) {
        const score = medians[category] ?? 0;
        checks.push({
          ok: score >= min,
          text: `Lighthouse ${category} of ${page} ${score.toFixed(2)} ≥ ${min}`,
        });
      }
    }
  } finally {
    chrome?.kill();
    await stop?.();
  }
  return { medians: report, checks, runs };
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const seoOnly = process.argv.includes('--seo');
  const { checks, runs } = await runLighthouse(
    seoOnly
      ? {
          pages: LIGHTHOUSE_PAGES.slice(0, 3),
          budgets: { seo: lighthouseBudgets().seo ?? 1 },
        }
      : {},
  );
  const failures = checks.filter((c) => !c.ok).map((c) => c.text);
  console.log(
    failures.length
      ? `\nmissed:\n${failures.join('\n')}`
      : `\nall Lighthouse budgets met (median of ${runs})`,
  );
  process.exitCode = failures.length ? 1 : 0;
}
