/**
 * Starting the site's processes (the sandbox API and the production server) from scripts,
 * tests and benchmarks alike: spawn, wait for the line that says it listens, stop by PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { resolveEnvironment } from '../../src/lib/config/environment.ts';
import { getStorageKeys } from '../../src/lib/config/storage-keys.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE = process.execPath;

/**
 * How the production server process is started (npm start, tests, benchmarks alike). Memory
 * settings, measured under 32 concurrent uncached renders (issue 8, bench/run.ts):
 * - `--max-semi-space-size=16`: V8's young generation sized to a few renders' garbage; the
 *   default scales with the machine's memory (64 MB semi-spaces here) and is kept after a burst.
 *   16 MB against 8 MB: about 15% less CPU per uncached render (fewer scavenges, alternating runs)
 *   for 10–20 MB more RSS;
 * - `--heap-growing-percent=50`: the old generation may grow by half its live size before the
 *   next full collection, not by V8's default factor: dead objects (and the native buffers and
 *   ICU objects they hold) go sooner. About 50 MB less RSS for about 10% of uncached throughput;
 * - `MALLOC_ARENA_MAX=2`: two glibc malloc arenas instead of one per thread (the zlib and V8
 *   worker threads each grew their own).
 * Together: RSS right after a minute of load from about 390 MB to about 220 MB.
 * - `--expose-gc`: V8's `gc()`, which the server calls once it is idle after its caches dropped
 *   entries on their timers (src/lib/server/idle-collect.ts, decision 0042): an idle process
 *   allocates nothing, so V8 never collects the Buffers those entries held.
 */
export const SERVER_NODE_ARGS = [
  '--max-semi-space-size=16',
  '--heap-growing-percent=50',
  '--expose-gc',
  'scripts/serve.ts',
];
export const serverProcessEnv = (
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv => ({
  MALLOC_ARENA_MAX: '2',
  // blocks of 32 KB and more (page bodies, images) straight from the system and back to it when
  // freed: a fixed threshold turns off glibc's own, which rises with each large block freed and
  // then keeps such blocks in its free lists for good (decision 0042: after the soak's idle
  // external memory was back at ×0.94 and RSS still at ×1.28)
  MALLOC_MMAP_THRESHOLD_: '32768',
  ...env,
});

export type Running = {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/** SIGTERM, then SIGKILL if the child has not exited `graceMs` later (a drain is longer). */
export const stopChild =
  (child: ChildProcess, graceMs = 5000) =>
  async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => resolve()),
    );
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

/** Spawn and resolve once stdout prints a URL matching `ready`. */
export const spawnUntil = (
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  options: { timeoutMs?: number; quiet?: boolean; cwd?: string } = {},
): Promise<Running> =>
  new Promise((resolve, reject) => {
    const child = spawn(NODE, args, {
      cwd: options.cwd ?? ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out waiting for ${args.join(' ')}:\n${output}`));
    }, options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (!options.quiet) process.stdout.write(text);
      const found = output.match(ready);
      if (found) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        if (!options.quiet)
          child.stdout?.on('data', (c: Buffer) => process.stdout.write(c));
        else child.stdout?.resume();
        resolve({ url: found[1] ?? '', child, stop: stopChild(child) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!options.quiet) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });

/** The token cookie name the site uses for this origin (spec §3 suffix rules). */
export const tokenCookieFor = (
  siteOrigin: string,
  siteDomain?: string,
): string =>
  getStorageKeys(
    resolveEnvironment(new URL(siteOrigin).host, {
      siteDomain: siteDomain ?? 'example-exchange.com',
    }),
  ).token;

export const startSandbox = (options: {
  siteOrigin: string;
  dataFile: string;
  port?: number;
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<Running> => {
  mkdirSync(path.dirname(options.dataFile), { recursive: true });
  const args = [
    'src/sandbox/main.ts',
    '--port',
    String(options.port ?? 0),
    '--data',
    options.dataFile,
    '--token-cookie',
    tokenCookieFor(options.siteOrigin, process.env.SITE_DOMAIN),
    ...(options.siteOrigin.startsWith('https:') ? [] : ['--insecure-cookies']),
  ];
  return spawnUntil(
    args,
    { ...process.env, NODE_ENV: 'development', ...options.env },
    /sandbox listening on (http:\/\/\S+)/,
    options.quiet === undefined ? {} : { quiet: options.quiet },
  );
};

/** The production server (dist/serve-node.js) with the given environment. */
export const startServer = (options: {
  port: number;
  host?: string;
  apiOrigin: string;
  /** SITE_ORIGIN; null leaves it unset (the default origin, http://localhost:<port>). */
  siteOrigin: string | null;
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
  /** Node options before the server's own (a benchmark's tracing flags). */
  nodeArgs?: readonly string[];
  /** The checkout whose build it serves (another build of the site, compared side by side). */
  cwd?: string;
}): Promise<Running> => {
  const { SITE_ORIGIN: _inherited, ...inherited } = process.env;
  return spawnUntil(
    [...(options.nodeArgs ?? []), ...SERVER_NODE_ARGS],
    serverProcessEnv({
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: options.host ?? '127.0.0.1',
      API_ORIGIN: options.apiOrigin,
      ...(options.siteOrigin === null
        ? {}
        : { SITE_ORIGIN: options.siteOrigin }),
      // tests and benchmarks never leave loopback: the public icon API is a closed local port
      ICON_API_ORIGINS: 'http://127.0.0.1:9',
      ...options.env,
    }),
    /site listening on (http:\/\/\S+)/,
    {
      ...(options.quiet === undefined ? {} : { quiet: options.quiet }),
      ...(options.cwd ? { cwd: options.cwd } : {}),
    },
  );
};

/**
 * The whole site on loopback for tests, benchmarks and audits: a sandbox API with a throw-away
 * data file and the production server pointed at it. `stop` ends both (by PID) and cleans up.
 */
export const startStack = async (options: {
  port: number;
  host?: string;
  /** SITE_ORIGIN; null leaves it unset (the default origin, http://localhost:<port>). */
  siteOrigin: string | null;
  env?: NodeJS.ProcessEnv;
  /** Node options for the server before its own (a benchmark's tracing flags). */
  nodeArgs?: readonly string[];
}) => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-stack-'));
  const running: Running[] = [];
  const stop = async () => {
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const sandbox = await startSandbox({
      siteOrigin: options.siteOrigin ?? `http://localhost:${options.port}`,
      dataFile: path.join(dir, 'state.json'),
      quiet: true,
    });
    running.push(sandbox);
    const server = await startServer({
      port: options.port,
      apiOrigin: sandbox.url,
      siteOrigin: options.siteOrigin,
      quiet: true,
      ...(options.host ? { host: options.host } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    });
    running.push(server);
    return { sandbox, server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
