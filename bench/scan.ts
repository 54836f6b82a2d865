/**
 * Security scanners against the production build on loopback: wapiti and nmap's NSE web scripts
 * (both Debian main, required: a missing one fails the scan) and nikto (Debian non-free: run
 * when installed, else reported as skipped, loudly). Each is bounded in time, none reaches
 * beyond loopback (bench/lib/scanners.ts: proxies that go nowhere, wapiti's databases local),
 * reports in bench/results/scan/. Triage lives in SECURITY.md. Needs `npm run build` first and
 * `apt-get install -y wapiti nmap`.
 *
 *   node bench/scan.ts [--minutes 6]
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import {
  findOnPath,
  prepareWapitiConfig,
  scanPlan,
  verdict,
  type Outcome,
} from './lib/scanners.ts';
import { siteUrls } from './lib/site-urls.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '6' } },
});
const minutes = Math.min(Math.max(Number(values.minutes) || 6, 1), 30);
const out = path.join(ROOT, 'bench/results/scan');
mkdirSync(out, { recursive: true });
// nikto appends to an existing report: each run starts clean
for (const name of ['nikto.txt', 'wapiti.txt', 'nmap.txt'])
  rmSync(path.join(out, name), { force: true });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const work = mkdtempSync(path.join(tmpdir(), 'scan-'));
prepareWapitiConfig(work);
const stack = await startStack({ port, siteOrigin: origin });
const outcomes: Outcome[] = [];
let plan: ReturnType<typeof scanPlan> = [];
try {
  // wapiti 3.0.4 does not crawl this site from one URL, so it starts from every page of the
  // sitemap in two locales plus the forms' answer pages
  const pages = (await siteUrls(origin)).filter(
    (p) => p.startsWith('/en') || p.startsWith('/ja-JP'),
  );
  const starts = [
    ...pages,
    '/en/official-verify?kind=url&value=example.com',
    '/en/redEnvelopes/receive?code=LUCKY88',
    '/en/unbind-google2fa?ticket=UB0000000000',
    '/en/announcement-info/contract-detail?q=BTC',
  ].map((p) => `${origin}${p}`);
  plan = scanPlan({ origin, out, minutes, starts, work });
  for (const scanner of plan) {
    if (!findOnPath(scanner.command)) {
      outcomes.push({
        name: scanner.name,
        ran: false,
        reason: `${scanner.command} is not installed`,
      });
      continue;
    }
    console.log(
      `\n▶ ${scanner.name}: ${scanner.command} ${scanner.args.join(' ')}`,
    );
    const started = Date.now();
    const result = spawnSync(scanner.command, scanner.args, {
      stdio: 'inherit',
      env: { ...process.env, ...scanner.env },
      // the scanners' own limits are soft (wapiti finishes the module it is in): twice as long
      timeout: (2 * minutes + 2) * 60_000,
      killSignal: 'SIGKILL',
    });
    console.log(
      `${scanner.name} ended (${result.status ?? result.signal}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    outcomes.push(
      result.error
        ? { name: scanner.name, ran: false, reason: result.error.message }
        : {
            name: scanner.name,
            ran: true,
            exit: result.status,
            signal: result.signal,
            report: existsSync(scanner.report)
              ? readFileSync(scanner.report, 'utf8')
              : '',
          },
    );
  }
  // a fresh connection (a pooled keep-alive socket may have been closed by the server meanwhile)
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve) => {
    request(`${origin}/healthz`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', () => resolve(0))
      .end();
  });
  console.log(`\nafter the scans: /healthz ${status}`);
  if (status !== 200) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
const { ok, lines } = verdict(plan, outcomes);
console.log(`\n${'='.repeat(72)}\n${lines.join('\n')}\n${'='.repeat(72)}`);
if (!ok) process.exitCode = 1;
