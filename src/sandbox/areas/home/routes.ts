import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../../handler.ts';
import { marketSnapshot } from '../../markets.ts';

/** features/home (and components/markets): the market tickers, moving with the clock. */
export const routes = new Hono<SandboxEnv>().get(
  '/market/tickers',
  handle(() => ({ result: marketSnapshot(Date.now()) })),
);
