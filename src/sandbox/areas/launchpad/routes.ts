import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { requireUser } from '../../ledger.ts';
import { ratio, times } from '../../seed.ts';
import { formatAmount, parseAmount, type State } from '../../store.ts';
import { projectDetail, PROJECTS } from './seed.ts';

type Project = (typeof PROJECTS)[number];

/**
 * A project as it stands now: the seed's figures (everyone else's commitments) plus every
 * subscription made in the sandbox — `raised` grows by each amount, `participants` by each
 * trader who subscribed at least once, and the progress follows `raised`.
 */
export const withSubscriptions = (
  p: Project,
  subscriptions: State['subscriptions'],
): Project => {
  let added = 0n;
  const traders = new Set<string>();
  for (const s of subscriptions) {
    if (s.kind !== 'launchpad' || s.target !== p.id) continue;
    added += parseAmount(s.amount) ?? 0n;
    traders.add(s.email);
  }
  if (added === 0n && traders.size === 0) return p;
  const raised = formatAmount((parseAmount(p.raised) ?? 0n) + added);
  return {
    ...p,
    raised,
    progress: ratio(raised, times(p.totalAllocation, p.price), 4),
    participants: p.participants + traders.size,
  };
};

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
export const routes = new Hono<SandboxEnv>()
  .get(
    '/launchpad/projects',
    handle((_req, ctx) => ({
      result: {
        items: PROJECTS.map((p) =>
          withSubscriptions(p, ctx.store.state.subscriptions),
        ),
      },
    })),
  )
  .get(
    '/launchpad/projects/:id',
    handle((req, ctx) => ({
      result: projectDetail(
        withSubscriptions(
          findProject(req.params.id),
          ctx.store.state.subscriptions,
        ),
      ),
    })),
  )
  .get(
    '/launchpad/projects/:id/mine',
    handle((req, ctx) => {
      const user = requireUser(req, ctx);
      const p = withSubscriptions(
        findProject(req.params.id),
        ctx.store.state.subscriptions,
      );
      const entries = ctx.store.state.subscriptions.filter(
        (s) =>
          s.email === user.email && s.kind === 'launchpad' && s.target === p.id,
      );
      const mine = entries.reduce(
        (sum, s) => sum + (parseAmount(s.amount) ?? 0n),
        0n,
      );
      // everyone's commitments, this trader's included
      const committed = parseAmount(p.raised) ?? 0n;
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
          // the project's totals as they stand after this trader's subscriptions
          totals: { raised: p.raised, participants: p.participants },
        },
      };
    }),
  );
