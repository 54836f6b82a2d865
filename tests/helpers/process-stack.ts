import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach } from 'vitest';

import {
  startSandbox,
  startServer,
  type Running,
} from '../../scripts/lib/processes.ts';
import { freePort } from './ports.ts';

/**
 * Processes of a test's own, for the tests of the file that calls this (at its top level): what
 * a test starts is stopped (last first) and its temporary directories removed after it.
 */
export const perTestProcesses = (name: string) => {
  const started: Running[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const r of started.splice(0).reverse()) await r.stop();
    for (const dir of dirs.splice(0))
      rmSync(dir, { recursive: true, force: true });
  });

  /** A temporary directory, removed after the test. */
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), `exchange-${name}-`));
    dirs.push(dir);
    return dir;
  };
  /** A process stopped after the test. */
  const track = <T extends Running>(running: T): T => {
    started.push(running);
    return running;
  };
  /**
   * A sandbox (its data in a temporary directory) and a production server on a free loopback
   * port with `env`, both stopped after the test.
   */
  const stack = async (env: NodeJS.ProcessEnv = {}) => {
    const dir = tempDir();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const sandbox = track(
      await startSandbox({
        siteOrigin: origin,
        dataFile: path.join(dir, 'state.json'),
        quiet: true,
      }),
    );
    const server = track(
      await startServer({
        port,
        apiOrigin: sandbox.url,
        siteOrigin: origin,
        quiet: true,
        env,
      }),
    );
    return { origin, sandbox, server };
  };
  return { stack, tempDir, track };
};
