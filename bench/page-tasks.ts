/**
 * npm run bench:tasks -- /ja-JP/launchpad — where a phone's main thread goes while a page loads:
 * the production build in Chromium at 412 × 823 with Lighthouse's mobile CPU slowdown (4×), a
 * trace for the tasks and a CPU profile for what runs in them. Prints each task over 50 ms (the
 * ones Lighthouse counts as blocking) with the functions that took most of its samples and the
 * trace events that took most of its time (layout, style, parsing), the scripts the page
 * fetched, with when, and the font lookups its main thread waited for.
 *
 * Options (environment): TASKS_SECONDS (6, how long to watch after the load starts),
 * BENCH_SKIP_BUILD=1 (reuse the last build).
 */

import { chromium } from 'playwright-core';

import { startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { buildUnlessSkipped } from './lib/build.ts';

const PAGE = process.argv[2] ?? '/en';
const SECONDS = Number(process.env.TASKS_SECONDS ?? 6);
const LONG_TASK_US = 50_000;
const SAMPLE_INTERVAL_US = 200;
/** Trace events shorter than this are left out of a task's breakdown. */
const TRACE_EVENT_MIN_US = 1_000;

type TraceEvent = {
  name: string;
  pid?: number;
  tid?: number;
  ts: number;
  dur?: number;
  args?: {
    data?: { url?: string };
    beginData?: { url?: string };
    family_name?: string;
  };
};

buildUnlessSkipped();

const frameName = ({
  functionName,
  url,
  lineNumber,
}: {
  functionName: string;
  url: string;
  lineNumber: number;
}): string =>
  `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const { stop } = await startStack({
  port,
  host: '127.0.0.1',
  siteOrigin: origin,
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  // the server's first render of the page is not what this measures
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(origin + PAGE);
  await warm.close();

  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', {
    interval: SAMPLE_INTERVAL_US,
  });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'fonts',
      'disabled-by-default-fonts',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(
    `${origin}${PAGE}${PAGE.includes('?') ? '&' : '?'}tasks=${Date.now()}`,
  );
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const events = trace.traceEvents;
  // the clock starts when the page's own request goes out
  const start =
    events.find((e) => e.name === 'ResourceSendRequest')?.ts ??
    events[0]?.ts ??
    0;
  const ms = (us: number) => `${Math.round(us / 1000)} ms`;

  for (const request of events.filter(
    (e) =>
      e.name === 'ResourceSendRequest' &&
      /\.js(\?|$)/.test(e.args?.data?.url ?? ''),
  ))
    console.log(
      `script at ${ms(request.ts - start)}: ${request.args?.data?.url ?? ''}`,
    );

  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  let at = profile.startTime;
  const samples = (profile.samples ?? []).map((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    return { at, id };
  });
  let blocking = 0;
  // the page's main thread: the one that parsed its HTML (the trace holds every thread of
  // every process, the warm-up page's renderer and the browser's own among them)
  const parser = events.find(
    (e) =>
      e.name === 'ParseHTML' &&
      (e.args?.beginData?.url ?? '').includes('tasks='),
  );
  if (!parser) throw new Error(`no HTML parsing of ${PAGE} in the trace`);
  for (const task of events.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.pid === parser.pid &&
      e.tid === parser.tid &&
      (e.dur ?? 0) > LONG_TASK_US,
  )) {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((s) => s.at >= task.ts && s.at <= end);
    const counts = new Map<string, number>();
    for (const { id } of inside) {
      const frame = frames.get(id);
      if (frame)
        counts.set(frameName(frame), (counts.get(frameName(frame)) ?? 0) + 1);
    }
    blocking += (task.dur ?? 0) - LONG_TASK_US;
    console.log(
      `task at ${ms(task.ts - start)}: ${ms(task.dur ?? 0)}, ${inside.length} samples`,
    );
    for (const [name, count] of [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6))
      console.log(`  ${String(count).padStart(5)}  ${name}`);
    // what the browser itself did in the task (layout, style, parsing, script evaluation): the
    // samples above name JS only, and a native task shows there as `(program)`
    const native = new Map<string, number>();
    for (const e of events)
      if (
        e.pid === parser.pid &&
        e.tid === parser.tid &&
        e.name !== 'RunTask' &&
        e.ts >= task.ts &&
        e.ts < end &&
        (e.dur ?? 0) >= TRACE_EVENT_MIN_US
      )
        native.set(e.name, (native.get(e.name) ?? 0) + (e.dur ?? 0));
    const traced = [...native].sort((a, b) => b[1] - a[1]).slice(0, 6);
    if (traced.length > 0)
      console.log(
        `         trace events (nested ones counted in their parents too): ${traced
          .map(([name, dur]) => `${name} ${ms(dur)}`)
          .join(', ')}`,
      );
  }
  // Font lookups the page's main thread waited for. On Linux each is a round trip to the browser
  // process (fontconfig), and a layout that meets a new face, size or character waits for it.
  const fontCalls = (name: string) =>
    events.filter(
      (e) =>
        e.name === name &&
        e.pid === parser.pid &&
        e.tid === parser.tid &&
        e.dur !== undefined,
    );
  const fontLine = (label: string, calls: TraceEvent[], names = '') =>
    `  ${String(calls.length).padStart(3)} ${label} (${ms(
      calls.reduce((sum, e) => sum + (e.dur ?? 0), 0),
    )})${names}`;
  const families = fontCalls('FontDataManager::onMatchFamilyStyle');
  console.log(
    `\nfont lookups the main thread waited for (at 4× CPU):\n${[
      fontLine(
        'family matches',
        families,
        `: ${families.map((e) => e.args?.family_name ?? '?').join(', ')}`,
      ),
      fontLine(
        'strike style queries (one per face, size and weight)',
        fontCalls('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike'),
      ),
      fontLine(
        'fallback searches (a character the text face lacks)',
        fontCalls('WebSandboxSupportLinux::GetFallbackFontForCharacter'),
      ),
    ].join('\n')}`,
  );
  console.log(
    `\n${PAGE}: long tasks' time over 50 ms (before the first paint too), first ${SECONDS} s at 4× CPU: ${ms(blocking)}`,
  );
} finally {
  await browser.close();
  await stop();
}
