/**
 * Security scanners against the production build on loopback (issue 9): nikto (Debian non-free)
 * and wapiti (Debian), each bounded in time, reports in bench/results/scan/. Triage lives in
 * SECURITY.md. Needs `npm run build` first and the two scanners installed
 * (`apt-get install -y nikto wapiti`).
 *
 *   node bench/scan.ts [--minutes 6]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { siteUrls } from './lib/site-urls.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '6' } },
});
const minutes = Math.min(Math.max(Number(values.minutes) || 6, 1), 30);
const out = path.join(ROOT, 'bench/results/scan');
mkdirSync(out, { recursive: true });
// nikto appends to an existing report: each run starts clean
for (const name of ['nikto.txt', 'wapiti.txt'])
  rmSync(path.join(out, name), { force: true });

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const stack = await startStack({ port, siteOrigin: origin });
const run = (label: string, cmd: string, args: string[]) => {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    timeout: (minutes + 1) * 60_000,
    killSignal: 'SIGKILL',
  });
  console.log(
    `${label} ended (${result.status ?? result.signal}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
};
try {
  run('nikto', 'nikto', [
    '-h',
    origin,
    '-maxtime',
    String(minutes * 60),
    '-nointeractive',
    '-ask',
    'no',
    '-Format',
    'txt',
    '-output',
    path.join(out, 'nikto.txt'),
  ]);
  // wapiti 3.0.4 does not crawl this site from one URL, so it starts from every page of the
  // sitemap in two locales plus the forms' answer pages; modules that call out to the internet
  // (ssrf, xxe, wapp, nikto) are left out: scans never leave loopback
  const pages = (await siteUrls(origin)).filter(
    (p) => p.startsWith('/en') || p.startsWith('/ja-JP'),
  );
  const starts = [
    ...pages,
    '/en/official-verify?kind=url&value=example.com',
    '/en/redEnvelopes/receive?code=LUCKY88',
    '/en/unbind-google2fa?ticket=UB0000000000',
    '/en/announcement-info/contract-detail?q=BTC',
  ].flatMap((p) => ['-s', `${origin}${p}`]);
  run('wapiti', 'wapiti', [
    '-u',
    `${origin}/`,
    ...starts,
    '--scope',
    'folder',
    '-m',
    'backup,blindsql,cookieflags,crlf,csp,csrf,exec,file,htaccess,http_headers,methods,permanentxss,redirect,shellshock,sql,xss',
    '--max-scan-time',
    String(minutes * 60),
    '--flush-session',
    '-f',
    'txt',
    '-o',
    path.join(out, 'wapiti.txt'),
  ]);
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
}
