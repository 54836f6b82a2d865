import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../../handler.ts';
import { announcement, CONTRACTS, MARGIN } from './seed.ts';

/** features/announcements: contract details and margin parameters. */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/announcements/contract-details',
    handle(() => ({ result: announcement(CONTRACTS) })),
  )
  .get(
    '/announcements/margin-parameters',
    handle(() => ({ result: announcement(MARGIN) })),
  );
