import { afterAll, beforeAll } from 'vitest';

import { startStack } from '../../scripts/lib/processes.ts';
import { freePort } from './ports.ts';

type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * A site and sandbox of their own for one describe block (its own data, environment and caches),
 * started before the block's tests and stopped after them. Read the fields inside tests: they
 * are filled in `beforeAll`.
 */
export const ownStack = (
  options: {
    /**
     * The configured site origin for the port (default: http://127.0.0.1:<port>); null leaves
     * SITE_ORIGIN unset, as `npm start` does.
     */
    siteOrigin?: ((port: number) => string) | null;
    env?: NodeJS.ProcessEnv;
  } = {},
) => {
  const own = {
    port: 0,
    /** Where the server listens (loopback). */
    origin: '',
    /** The sandbox API's own origin (its fault controls live there). */
    apiOrigin: '',
  };
  let stack: Stack | undefined;
  beforeAll(async () => {
    own.port = await freePort();
    own.origin = `http://127.0.0.1:${own.port}`;
    stack = await startStack({
      port: own.port,
      siteOrigin:
        options.siteOrigin === null
          ? null
          : (options.siteOrigin?.(own.port) ?? own.origin),
      ...(options.env ? { env: options.env } : {}),
    });
    own.apiOrigin = stack.sandbox.url;
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return own;
};
