import { Hono } from 'hono';

import { handle, type SandboxEnv } from '../../handler.ts';
import { POSITIONS } from './seed.ts';

/** features/careers: the open positions, each with its application link. */
export const routes = new Hono<SandboxEnv>().get(
  '/careers/positions',
  handle((_req, ctx) => ({
    result: {
      items: POSITIONS.map((p) => ({
        ...p,
        applyUrl: `https://careers.${ctx.siteDomain}/apply/${p.id}`,
      })),
    },
  })),
);
