/**
 * The scanners `npm run scan` runs, and how each is kept on loopback. Two independent scanners
 * install from Debian main (`apt-get install -y wapiti nmap`) and are required: a missing one
 * fails the scan. nikto (Debian non-free, often not installable) runs when present and is
 * otherwise reported as skipped, loudly, with the reason.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Scanner = {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Variables added to the scanner's environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly required: boolean;
  /** How to install it, for the message when it is missing. */
  readonly install: string;
  /** Its report, and what the report shows when the scanner really scanned the site. */
  readonly report: string;
  readonly scanned: RegExp;
};

/** A closed loopback port: anything a scanner tries to fetch through a proxy fails at once. */
export const NOWHERE = 'http://127.0.0.1:9';

/**
 * Every HTTP library the scanners use (Python's requests, Perl's LWP) sends requests for other
 * hosts through these proxies, which go nowhere; the target on loopback is reached directly.
 */
export const LOOPBACK_ONLY_ENV: Readonly<Record<string, string>> = {
  http_proxy: NOWHERE,
  https_proxy: NOWHERE,
  HTTP_PROXY: NOWHERE,
  HTTPS_PROXY: NOWHERE,
  ALL_PROXY: NOWHERE,
  no_proxy: '127.0.0.1,localhost,::1',
  NO_PROXY: '127.0.0.1,localhost,::1',
};

/** The nmap NSE scripts run: the web checks, none of the `external` or `dos` category. */
export const NMAP_SCRIPTS = [
  'http-methods',
  'http-headers',
  'http-security-headers',
  'http-cookie-flags',
  'http-cors',
  'http-trace',
  'http-csrf',
  'http-stored-xss',
  'http-dombased-xss',
  'http-phpself-xss',
  'http-unsafe-output-escaping',
  'http-sql-injection',
  'http-open-redirect',
  'http-internal-ip-disclosure',
  'http-errors',
  'http-enum',
  'http-git',
  'http-passwd',
  'http-shellshock',
  'http-config-backup',
  'http-backup-finder',
  'http-server-header',
] as const;

export type ScanInput = {
  readonly origin: string;
  readonly out: string;
  readonly minutes: number;
  /** Where wapiti starts crawling (absolute URLs on the origin). */
  readonly starts: readonly string[];
  /** A directory of the scan's own: wapiti's configuration and session live here. */
  readonly work: string;
};

/**
 * wapiti 3.0.4 instantiates every module, enabled or not, and its wapp module downloads its
 * database from the internet when none is on disk: a local (empty, valid) one in a config
 * directory of our own means it never tries.
 */
export const prepareWapitiConfig = (work: string): string => {
  const config = path.join(work, 'wapiti-config');
  mkdirSync(config, { recursive: true });
  writeFileSync(
    path.join(config, 'apps.json'),
    JSON.stringify({ apps: {}, categories: {} }),
  );
  return config;
};

export const scanPlan = (input: ScanInput): Scanner[] => {
  const { origin, out, minutes, starts, work } = input;
  const url = new URL(origin);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`scans run against loopback only, not ${url.hostname}`);
  return [
    {
      name: 'wapiti',
      command: 'wapiti',
      required: true,
      install: 'apt-get install -y wapiti (Debian main)',
      env: { ...LOOPBACK_ONLY_ENV, HOME: work },
      report: path.join(out, 'wapiti.txt'),
      scanned: /Summary of vulnerabilities/,
      args: [
        '-u',
        `${origin}/`,
        ...starts.flatMap((start) => ['-s', start]),
        '--scope',
        'folder',
        '-m',
        'backup,blindsql,cookieflags,crlf,csp,csrf,exec,file,htaccess,http_headers,methods,permanentxss,redirect,shellshock,sql,xss',
        '--max-scan-time',
        String(minutes * 60),
        '--max-attack-time',
        String(Math.ceil((minutes * 60) / 4)),
        '--flush-session',
        '--store-config',
        path.join(work, 'wapiti-config'),
        '--store-session',
        path.join(work, 'wapiti-session'),
        '-f',
        'txt',
        '-o',
        path.join(out, 'wapiti.txt'),
      ],
    },
    {
      name: 'nmap',
      command: 'nmap',
      required: true,
      install: 'apt-get install -y nmap (Debian main)',
      env: { ...LOOPBACK_ONLY_ENV },
      report: path.join(out, 'nmap.txt'),
      // the web scripts ran: their lines start with `|`
      scanned: /^\|[ _]http-/m,
      args: [
        // no DNS, no ping, the one port, nothing else
        '-n',
        '-Pn',
        '-p',
        url.port,
        // `+` runs each script whatever its port rule: nmap does not recognise a random port
        // without a Server header as HTTP, and would otherwise run no web script at all
        '--script',
        NMAP_SCRIPTS.map((name) => `+${name}`).join(','),
        '--script-args',
        'httpspider.maxpagecount=100,httpspider.maxdepth=3,http.useragent=Mozilla/5.0 (X11; Linux x86_64) nmap-scan',
        '--script-timeout',
        `${minutes * 60}s`,
        '--host-timeout',
        `${(minutes + 1) * 60}s`,
        '-oN',
        path.join(out, 'nmap.txt'),
        url.hostname.replace(/^\[|\]$/g, ''),
      ],
    },
    {
      name: 'nikto',
      command: 'nikto',
      required: false,
      install:
        'apt-get install -y nikto (Debian non-free: not installable where only main is enabled)',
      env: { ...LOOPBACK_ONLY_ENV },
      report: path.join(out, 'nikto.txt'),
      scanned: /Target Host|Start Time/,
      args: [
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
      ],
    },
  ];
};

/** The path of an executable named `command` on PATH, if any. */
export const findOnPath = (
  command: string,
  pathVariable = process.env.PATH ?? '',
): string | undefined => {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
};

export type Outcome =
  | {
      readonly name: string;
      readonly ran: true;
      readonly exit: number | null;
      readonly signal: string | null;
      /** The report's text (empty when it wrote none). */
      readonly report: string;
    }
  | { readonly name: string; readonly ran: false; readonly reason: string };

/**
 * The verdict over every scanner's outcome: failed when a required scanner is missing, was
 * killed at its time limit or failed to run; skipped optional scanners are listed loudly.
 */
export const verdict = (
  plan: readonly Scanner[],
  outcomes: readonly Outcome[],
): { ok: boolean; lines: string[] } => {
  const lines: string[] = [];
  let ok = true;
  for (const scanner of plan) {
    const outcome = outcomes.find((o) => o.name === scanner.name);
    if (!outcome || !outcome.ran) {
      const reason = outcome && !outcome.ran ? outcome.reason : 'not run';
      if (scanner.required) {
        ok = false;
        lines.push(
          `FAILED: ${scanner.name} did not run (${reason}); install it: ${scanner.install}`,
        );
      } else
        lines.push(
          `!!! SKIPPED: ${scanner.name} did not run (${reason}); ${scanner.install}`,
        );
      continue;
    }
    if (outcome.signal !== null || outcome.exit === null) {
      if (scanner.required) ok = false;
      lines.push(
        `${scanner.required ? 'FAILED' : '!!! INCOMPLETE'}: ${scanner.name} was stopped (${outcome.signal ?? 'no exit status'}) at its time limit`,
      );
      continue;
    }
    if (scanner.required && outcome.exit !== 0) {
      ok = false;
      lines.push(`FAILED: ${scanner.name} ended with exit ${outcome.exit}`);
      continue;
    }
    if (!scanner.scanned.test(outcome.report)) {
      if (scanner.required) ok = false;
      lines.push(
        `${scanner.required ? 'FAILED' : '!!! INCOMPLETE'}: ${scanner.name} ended without scanning the site (its report ${scanner.report} shows no scan)`,
      );
      continue;
    }
    lines.push(`${scanner.name} ran (exit ${outcome.exit})`);
  }
  return { ok, lines };
};
