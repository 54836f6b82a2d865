import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../../handler.ts';
import { FEE_TIERS } from './seed.ts';

/** features/fee-discount: the VIP fee tiers. */
export const routes = new Hono<SandboxEnv>().get(
  '/fee-discount/tiers',
  handle(() => ({
    result: { items: FEE_TIERS, holdingCoin: 'USDT', volumeCoin: 'USDT' },
  })),
);
