import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../../handler.ts';
import { TAX_DOCS } from './seed.ts';

/** features/tax-api: the tax API documentation. */
export const routes = new Hono<SandboxEnv>().get(
  '/tax-api/docs',
  handle(() => ({ result: TAX_DOCS })),
);
