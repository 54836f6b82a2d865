import { Hono } from 'hono';

import { SandboxError } from '../envelope.ts';
import { handle, type SandboxEnv } from '../handler.ts';
import { PROJECTS, projectDetail } from '../seed.ts';

/** features/launchpad: the projects and one project's detail (subscribing: subscribe.ts). */
export const launchpadRoutes = new Hono<SandboxEnv>()
  .get(
    '/launchpad/projects',
    handle(() => ({ result: { items: PROJECTS } })),
  )
  .get(
    '/launchpad/projects/:id',
    handle((req) => {
      const p = PROJECTS.find((x) => x.id === req.params.id);
      if (!p) throw new SandboxError('LAUNCHPAD_NOT_FOUND');
      if (p.state === 'delisted') throw new SandboxError('LAUNCHPAD_GONE');
      return { result: projectDetail(p) };
    }),
  );
