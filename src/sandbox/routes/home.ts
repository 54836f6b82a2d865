import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../handler.ts';
import { TICKERS } from '../seed.ts';

/** features/home: the market tickers. */
export const homeRoutes = new Hono<SandboxEnv>().get(
  '/market/tickers',
  handle(() => ({ result: { items: TICKERS } })),
);
