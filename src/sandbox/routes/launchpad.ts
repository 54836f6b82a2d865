import { Hono } from 'hono';

import { SandboxError } from '../envelope.ts';
import { handle, type SandboxEnv } from '../handler.ts';
import { requireUser } from '../ledger.ts';
import { PROJECTS, projectDetail, times } from '../seed.ts';
import { formatAmount, parseAmount } from '../store.ts';

const findProject = (id: string | undefined) => {
  const p = PROJECTS.find((x) => x.id === id);
  if (!p) throw new SandboxError('LAUNCHPAD_NOT_FOUND');
  if (p.state === 'delisted') throw new SandboxError('LAUNCHPAD_GONE');
  return p;
};

/**
 * The tokens a commitment of `mine` would receive: at the sale price while the launch is not
 * oversubscribed, pro rata (mine ÷ all committed × allocation) once it is. Units of 10⁻⁸.
 */
export const estimatedTokens = (
  mine: bigint,
  committed: bigint,
  allocationValue: bigint,
  allocation: bigint,
): bigint => {
  if (mine === 0n) return 0n;
  const pool = committed > allocationValue ? committed : allocationValue;
  return (mine * allocation) / pool;
};

/** features/launchpad: the projects, one project's detail and a trader's own commitment (subscribing: subscribe.ts). */
export const launchpadRoutes = new Hono<SandboxEnv>()
  .get(
    '/launchpad/projects',
    handle(() => ({ result: { items: PROJECTS } })),
  )
  .get(
    '/launchpad/projects/:id',
    handle((req) => ({ result: projectDetail(findProject(req.params.id)) })),
  )
  .get(
    '/launchpad/projects/:id/mine',
    handle((req, ctx) => {
      const user = requireUser(req, ctx);
      const p = findProject(req.params.id);
      const entries = ctx.store.state.subscriptions.filter(
        (s) =>
          s.email === user.email && s.kind === 'launchpad' && s.target === p.id,
      );
      const mine = entries.reduce(
        (sum, s) => sum + (parseAmount(s.amount) ?? 0n),
        0n,
      );
      // everyone else's commitments (the seed) plus this trader's
      const committed = (parseAmount(p.raised) ?? 0n) + mine;
      const value = parseAmount(times(p.totalAllocation, p.price)) ?? 0n;
      const allocation = parseAmount(p.totalAllocation) ?? 0n;
      return {
        result: {
          projectId: p.id,
          coin: 'USDT',
          committed: formatAmount(mine),
          subscriptions: entries.length,
          lastAt: entries.at(-1)?.at ?? null,
          estimatedTokens: formatAmount(
            estimatedTokens(mine, committed, value, allocation),
          ),
        },
      };
    }),
  );
