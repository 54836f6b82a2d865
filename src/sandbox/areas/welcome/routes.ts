import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { CAMPAIGNS } from './seed.ts';

/** features/welcome: the welcome campaigns, and one with its tasks. */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/campaigns',
    handle(() => ({
      result: { items: CAMPAIGNS.map(({ tasks: _t, ...c }) => c) },
    })),
  )
  .get(
    '/campaigns/:name',
    handle((req) => {
      const campaign = CAMPAIGNS.find((c) => c.name === req.params.name);
      if (!campaign) throw new SandboxError('CAMPAIGN_NOT_FOUND');
      return { result: campaign };
    }),
  );
