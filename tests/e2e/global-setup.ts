import type { TestProject } from 'vitest/node';

import { startStack } from '../../scripts/lib/processes.ts';
import { freePort } from '../helpers/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    apiURL: string;
  }
}

/**
 * One production server and one sandbox API for the whole browser suite, on loopback ports,
 * with a throw-away data file. The redirect allowlist names the sandbox's download host so
 * external redirect rules can be tested.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    port,
    siteOrigin,
    env: { REDIRECT_ALLOWLIST: 'download.example-exchange.com' },
  });
  project.provide('baseURL', siteOrigin);
  project.provide('apiURL', stack.sandbox.url);
  return stack.stop;
}
