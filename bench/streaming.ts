/**
 * npm run bench:streaming — issue 41's streaming lines, in one run on the production build
 * (ratios to the delay and to one render of the same run, never absolute times):
 *
 * - one section's API (the launchpad projects) delayed by D (2 s and 5 s) through the sandbox's
 *   fault injection: the first byte of a miss and the browser's first contentful paint before
 *   `firstByteOverDelayMax`·D and `fcpOverDelayMax`·D; the section's content (or, when D is
 *   beyond the section's budget, its notice) within min(D, budget) plus
 *   `sectionOverRenderMax` renders, one render being the same page's miss with no delay (its
 *   data fetched from the API), each the middle one of three;
 * - that API down: 200 for people, the intro, the footer and the section's notice present.
 *
 * Every request asks for brotli, as a browser does, so the first byte and the section's arrival
 * include compression (a request without Accept-Encoding once hid 30 ms of it: decision 0030).
 * The server runs with PAGE_CACHE=off so every request is a miss, and API_CACHE_TTL_MS=1 so
 * every render fetches its data (one render is a miss as a person meets it); each measurement
 * also asks a locale of its own. The first contentful paint is a second page's: the browser
 * has the site's stylesheet and scripts from a first page of the same locale. Beside it, the same
 * browser's paint of a bare page (a few bytes of HTML from node:http, no stylesheet, no script),
 * after a bare page and after our home page: the floors no server can go below on this machine,
 * the second being the floor of this very measurement (decision 0030); and the framework's own:
 * the bare Waku app with the same list (bench/framework-floor: no stylesheet, no translations,
 * its data at hand), painted the same way after its own first page.
 * Loops are bounded in count (a few requests each) and time (BENCH_STREAM_TIMEOUT_MS).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrotliDecompress } from 'node:zlib';

import { startStack } from '../scripts/lib/processes.ts';
import type { Locale } from '../src/i18n/locales.ts';
import { SERVER_RETRY } from '../src/lib/http/index.ts';
import { routePath } from '../src/routes.ts';
import { launchBrowser, PERSON_UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { readBudgets } from './lib/budgets.ts';
import { buildUnlessSkipped } from './lib/build.ts';
import {
  buildFrameworkFloor,
  startFrameworkFloor,
} from './lib/framework-floor.ts';

const PROJECTS_API = '/api/v1/launchpad/projects';
/** A section's own budget (SECTION_BUDGET_MS, src/lib/server/section-data.ts): the server's API budget. */
const SECTION_BUDGET_MS = SERVER_RETRY.budgetMs;
const TIMEOUT_MS = Number(process.env.BENCH_STREAM_TIMEOUT_MS ?? 20_000);

type Timed = {
  status: number;
  firstByteMs: number;
  /** When the section's content, or its notice, was first seen (ms from the request). */
  sectionMs: number | undefined;
  noticeMs: number | undefined;
  totalMs: number;
  body: string;
};

/**
 * One GET read as it arrives, asking for brotli as a browser does (the bytes a person's browser
 * waits for, compression included): first byte, and when the section or its notice showed up
 * in the decoded page.
 */
const timedGet = (url: string): Promise<Timed> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        headers: { 'user-agent': PERSON_UA, 'accept-encoding': 'br' },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        let body = '';
        let firstByteMs = -1;
        let sectionMs: number | undefined;
        let noticeMs: number | undefined;
        res.once('data', () => {
          firstByteMs = performance.now() - started;
        });
        const decoded =
          res.headers['content-encoding'] === 'br'
            ? res.pipe(createBrotliDecompress())
            : res;
        decoded.setEncoding('utf8');
        decoded.on('data', (chunk: string) => {
          const at = performance.now() - started;
          body += chunk;
          if (sectionMs === undefined && body.includes('id="ongoing"'))
            sectionMs = at;
          if (noticeMs === undefined && body.includes('section-notice'))
            noticeMs = at;
        });
        decoded.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            firstByteMs,
            sectionMs,
            noticeMs,
            totalMs: performance.now() - started,
            body,
          });
        });
        res.on('error', reject);
        decoded.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const main = async () => {
  const budgets = readBudgets().streaming;
  buildUnlessSkipped();
  buildFrameworkFloor();
  const port = await freePort();
  const stack = await startStack({
    port,
    siteOrigin: null,
    // every render asks the API (no answer kept between renders): one render below is a miss
    // as a person meets it, its data fetched, which is what D adds to
    env: { PAGE_CACHE: 'off', API_CACHE_TTL_MS: '1' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const api = stack.sandbox.url;
  const fault = async (body: object | undefined) => {
    await fetch(`${api}/__sandbox/faults`, { method: 'DELETE' });
    if (body)
      await fetch(`${api}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
  };
  const failures: string[] = [];
  const check = (ok: boolean, line: string) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
    if (!ok) failures.push(line);
  };
  const browser = await launchBrowser();
  /**
   * The browser's first contentful paint of `second`, as a person's second page after `first`:
   * a miss of /<locale>/launchpad after the home page of the same locale, so the site's
   * stylesheet and scripts are in the browser's cache (the figure is the page's, not a cold
   * browser's downloads on a shared machine). The first page is left once it has hydrated (our
   * pages say so with `<html data-hydrated>`; the bare pages have no such mark) and its main
   * thread has gone idle, as a person leaves a page they have read: left at its `load` event, our
   * home page still has about a second of hydration to run, and the browser finishes its task
   * and tears it down before it commits the next page, which traced at 50–60 ms of that page's
   * paint (decision 0030).
   */
  const secondPagePaint = async (
    first: string,
    second: string,
  ): Promise<number> => {
    const context = await browser.newContext({ userAgent: PERSON_UA });
    try {
      const tab = await context.newPage();
      await tab.goto(first, { waitUntil: 'load', timeout: TIMEOUT_MS });
      if (first.startsWith(origin))
        await tab.waitForSelector('html[data-hydrated]', {
          state: 'attached',
          timeout: TIMEOUT_MS,
        });
      // two idle periods in a row: no task of the page (its first effects) is pending
      await tab.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestIdleCallback(() => {
              requestIdleCallback(() => {
                resolve();
              });
            });
          }),
      );
      await tab.goto(second, {
        waitUntil: 'commit',
        timeout: TIMEOUT_MS,
      });
      const fcp = await tab.waitForFunction(
        () =>
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        undefined,
        { timeout: TIMEOUT_MS },
      );
      return Number(await fcp.jsonValue());
    } finally {
      await context.close();
    }
  };
  const oneFirstContentfulPaint = (locale: Locale): Promise<number> =>
    secondPagePaint(
      `${origin}${routePath(locale, 'home')}`,
      `${origin}${routePath(locale, 'launchpad')}`,
    );
  /** The median of five (a shared machine's browser varies by hundreds of ms). */
  const medianOfFive = async (
    paint: () => Promise<number>,
  ): Promise<number> => {
    const paints: number[] = [];
    for (let i = 0; i < 5; i++) paints.push(await paint());
    return median(paints);
  };
  const firstContentfulPaint = (locale: Locale): Promise<number> =>
    medianOfFive(() => oneFirstContentfulPaint(locale));
  // the floor: a bare page from node:http, a heading and a line, painted the same way
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Launchpad</title></head><body><h1>Launchpad</h1><p>Subscribing now</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => {
    bare.listen(0, '127.0.0.1', resolve);
  });
  const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const floorPort = await freePort();
  const floor = await startFrameworkFloor(floorPort, api);
  const floorOrigin = `http://127.0.0.1:${floorPort}`;
  try {
    await fault(undefined);
    // one render: the same page's miss with no delay, its data fetched from the API, median of 7
    const page = routePath('en', 'launchpad');
    for (let i = 0; i < 5; i++) await timedGet(`${origin}${page}`);
    const renders: number[] = [];
    for (let i = 0; i < 7; i++)
      renders.push((await timedGet(`${origin}${page}`)).totalMs);
    const renderMs = median(renders);
    console.log(
      `one render of ${page} (miss, data fetched with no delay): ${renderMs.toFixed(1)} ms`,
    );

    // the same paint with no delay, beside the delayed ones (what the browser itself takes),
    // after one that warms the browser up
    await oneFirstContentfulPaint('th-TH');
    const fcpNoDelayMs = await firstContentfulPaint('de-DE');
    const fcpBareMs = await medianOfFive(() =>
      secondPagePaint(`${bareOrigin}/`, `${bareOrigin}/launchpad`),
    );
    // the floor of the measurement above: the bare page as the second page after our home page
    // (what the browser takes to leave a page that has run the site's scripts, decision 0030)
    const fcpBareAfterHomeMs = await medianOfFive(() =>
      secondPagePaint(
        `${origin}${routePath('de-DE', 'home')}`,
        `${bareOrigin}/launchpad`,
      ),
    );
    // the framework's own paint: the bare Waku page with the same list, its data at hand, no
    // stylesheet, as the second page after its own first page
    const fcpWakuMs = await medianOfFive(() =>
      secondPagePaint(
        `${floorOrigin}/de-DE/launchpad`,
        `${floorOrigin}/es-MX/launchpad`,
      ),
    );
    console.log(
      `first contentful paint with no delay: ${fcpNoDelayMs.toFixed(0)} ms; of a bare node:http page: ${fcpBareMs.toFixed(0)} ms after a bare page, ${fcpBareAfterHomeMs.toFixed(0)} ms after our home page (the browser's own floors here; for reading the lines below); of the bare Waku page with the same list: ${fcpWakuMs.toFixed(0)} ms (the framework's own)`,
    );

    const trials = [
      { delayMs: 2000, http: 'fr-FR', browser: 'es-MX' },
      { delayMs: 5000, http: 'ja-JP', browser: 'ko-KR' },
    ] as const;
    for (const trial of trials) {
      const D = trial.delayMs;
      // the trial's locale served once first, as one render above is measured warm: a process
      // loads a locale's catalogs and formats once, on its first request in that locale
      await fault(undefined);
      await timedGet(`${origin}${routePath(trial.http, 'launchpad')}`);
      await fault({ pathPrefix: PROJECTS_API, kind: 'delay', ms: D });
      // three misses, the one whose section (or notice) came in the middle taken: one
      // request on a shared machine can lose tens of ms to another process
      const waited = Math.min(D, SECTION_BUDGET_MS);
      const arrivalOf = (timed: Timed) =>
        (D <= SECTION_BUDGET_MS ? timed.sectionMs : timed.noticeMs) ??
        Number.POSITIVE_INFINITY;
      const misses: Timed[] = [];
      for (let i = 0; i < 3; i++)
        misses.push(
          await timedGet(`${origin}${routePath(trial.http, 'launchpad')}`),
        );
      misses.sort((a, b) => arrivalOf(a) - arrivalOf(b));
      const res = misses[1] ?? misses[0];
      if (!res) throw new Error('no miss measured');
      const arrived = D <= SECTION_BUDGET_MS ? res.sectionMs : res.noticeMs;
      console.log(
        `D=${D} ms: status ${res.status}, first byte ${res.firstByteMs.toFixed(1)} ms (${(res.firstByteMs / D).toFixed(4)}·D), ${D <= SECTION_BUDGET_MS ? 'section' : 'notice'} at ${arrived?.toFixed(0) ?? 'never'} ms`,
      );
      check(res.status === 200, `D=${D}: status 200`);
      check(
        res.firstByteMs / D < budgets.firstByteOverDelayMax,
        `D=${D}: first byte ${(res.firstByteMs / D).toFixed(4)}·D < ${budgets.firstByteOverDelayMax}·D`,
      );
      const overRender =
        arrived === undefined
          ? Number.POSITIVE_INFINITY
          : (arrived - waited) / renderMs;
      check(
        overRender <= budgets.sectionOverRenderMax,
        `D=${D}: ${D <= SECTION_BUDGET_MS ? 'section' : 'notice (D beyond the section budget)'} at min(D, budget) + ${overRender.toFixed(2)} renders ≤ ${budgets.sectionOverRenderMax}`,
      );
      const fcpMs = await firstContentfulPaint(trial.browser);
      console.log(
        `D=${D} ms: first contentful paint ${fcpMs.toFixed(0)} ms (${(fcpMs / D).toFixed(4)}·D; ${(fcpMs / fcpNoDelayMs).toFixed(2)}× the paint with no delay, ${(fcpMs / fcpBareMs).toFixed(2)}× a bare page's, which is ${(fcpBareMs / D).toFixed(4)}·D; a bare page after our home page is ${(fcpBareAfterHomeMs / D).toFixed(4)}·D, the bare Waku page ${(fcpWakuMs / D).toFixed(4)}·D)`,
      );
      check(
        fcpMs / D < budgets.fcpOverDelayMax,
        `D=${D}: first contentful paint ${(fcpMs / D).toFixed(4)}·D < ${budgets.fcpOverDelayMax}·D`,
      );
      // the line cannot hold where the browser alone paints a bare page no sooner
      if (fcpBareAfterHomeMs / D >= budgets.fcpOverDelayMax)
        console.log(
          `note D=${D}: this browser paints a bare node:http page after our home page at ${(fcpBareAfterHomeMs / D).toFixed(4)}·D, at or over the ${budgets.fcpOverDelayMax}·D budget: no page painted this way can meet it on this machine (ours is ${(fcpMs / fcpBareAfterHomeMs).toFixed(2)}× that floor)`,
        );
    }

    await fault({ pathPrefix: PROJECTS_API, kind: 'down' });
    const down = await timedGet(`${origin}${routePath('ru-RU', 'launchpad')}`);
    console.log(
      `API down: status ${down.status}, whole answer ${down.totalMs.toFixed(0)} ms`,
    );
    check(down.status === 200, 'API down: status 200 for people');
    check(
      down.body.includes('class="page-intro"') &&
        down.body.includes('class="site-footer"') &&
        down.body.includes('section-notice'),
      'API down: the intro, the footer and the section notice are present',
    );
  } finally {
    await fault(undefined).catch(() => undefined);
    await browser.close();
    bare.close();
    await floor.stop();
    await stack.stop();
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} streaming budget(s) missed`);
    process.exitCode = 1;
  } else console.log('\nstreaming budgets met');
};

await main();
