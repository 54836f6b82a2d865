import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../handler.ts';
import { SAVINGS } from '../seed.ts';

/** features/savings: the products (subscribing: subscribe.ts). */
export const savingsRoutes = new Hono<SandboxEnv>().get(
  '/savings/products',
  handle(() => ({ result: { items: SAVINGS } })),
);
