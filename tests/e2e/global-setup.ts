import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import {
  startSandbox,
  startServer,
  type Running,
} from '../../scripts/lib/processes.ts';
import { freePort } from '../helpers/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    apiURL: string;
  }
}

/**
 * One production server and one sandbox API for the whole browser suite, on loopback ports,
 * with a throw-away data file. Tests reset the sandbox when they change its state.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-e2e-'));
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const running: Running[] = [];
  const sandbox = await startSandbox({
    siteOrigin,
    dataFile: path.join(dir, 'state.json'),
    quiet: true,
  });
  running.push(sandbox);
  const server = await startServer({
    port,
    apiOrigin: sandbox.url,
    siteOrigin,
    quiet: true,
  });
  running.push(server);
  project.provide('baseURL', siteOrigin);
  project.provide('apiURL', sandbox.url);
  return async () => {
    for (const r of running.reverse()) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
