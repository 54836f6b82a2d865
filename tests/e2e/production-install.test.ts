/**
 * A production install without dev tooling (issue 25 item 5): the build output, the start
 * scripts and the TypeScript modules they import, package.json and the lock file copied into an
 * empty directory; `npm install --omit=dev` there (from the local npm cache when it has
 * everything, else the registry); `npm start` with Node 24 (this repo's `node` devDependency,
 * the binary running this test) and no API_ORIGIN, so the embedded sandbox starts too. A page
 * and the sandbox API through the site answer 200; then the server is stopped by its PID.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ROOT, stopChild } from '../../scripts/lib/processes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';

/** What a production machine gets: the build and what `npm start` runs, no tests, no tooling. */
export const PRODUCTION_FILES = [
  'dist',
  'scripts',
  'src',
  'package.json',
  'package-lock.json',
];

const dir = mkdtempSync(path.join(tmpdir(), 'exchange-prod-'));
let stop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('a production install', () => {
  it('starts with runtime dependencies only and serves a page and the API', async () => {
    expect(existsSync(path.join(ROOT, 'dist/server/index.js'))).toBe(true);
    for (const file of PRODUCTION_FILES)
      cpSync(path.join(ROOT, file), path.join(dir, file), {
        recursive: true,
        filter: (source) => !/\.test\.tsx?$/.test(source),
      });
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--omit=dev',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
      ],
      { cwd: dir, encoding: 'utf8', timeout: 480_000 },
    );
    expect(npm.status, npm.stderr).toBe(0);
    // no dev tooling came along (vite and typescript do: waku and a runtime package depend on them)
    for (const dev of [
      'vitest',
      'eslint',
      'knip',
      'playwright-core',
      'lighthouse',
      'node',
    ])
      expect(existsSync(path.join(dir, 'node_modules', dev)), dev).toBe(false);

    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        NODE_ENV: 'production',
        SANDBOX_IN_PRODUCTION: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        SHUTDOWN_DRAIN_MS: '0',
        ICON_API_ORIGINS: 'http://127.0.0.1:9',
      },
    });
    stop = stopChild(child, 15_000);
    let output = '';
    const listening = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start in 60 s:\n${output}`)),
        60_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/site listening on/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${output}`));
      });
    });
    await listening;
    const origin = `http://127.0.0.1:${port}`;
    const page = await fetch(`${origin}/en/launchpad`, {
      headers: { 'user-agent': PERSON_UA },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const api = await fetch(`${origin}/api/v1/market/tickers`, {
      headers: { 'user-agent': PERSON_UA },
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toHaveProperty('result');
  }, 600_000);
});
