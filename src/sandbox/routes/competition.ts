import { Hono } from 'hono';

import { SandboxError } from '../envelope.ts';
import { handle, type SandboxEnv } from '../handler.ts';
import { COMPETITION } from '../seed.ts';

/** features/competition: the trading competition by name. */
export const competitionRoutes = new Hono<SandboxEnv>().get(
  '/competitions/:name',
  handle((req) => {
    if (req.params.name !== COMPETITION.name)
      throw new SandboxError('NOT_FOUND');
    return { result: COMPETITION };
  }),
);
