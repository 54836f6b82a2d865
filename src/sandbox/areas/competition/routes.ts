import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { requireUser } from '../../ledger.ts';
import { COMPETITION, competitionJoinWindow } from './seed.ts';

const competitionNamed = (name: string | undefined) => {
  if (name !== COMPETITION.name) throw new SandboxError('NOT_FOUND');
  return COMPETITION;
};

/**
 * features/competition: the trading competition by name; the logged-in trader's entry, and
 * joining (open from the registration's start to the trading phase's end; joining twice keeps
 * the first entry).
 */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/competitions/:name',
    handle((req) => ({ result: competitionNamed(req.params.name) })),
  )
  .get(
    '/competitions/:name/entry',
    handle((req, ctx) => {
      const c = competitionNamed(req.params.name);
      const user = requireUser(req, ctx);
      const joinedAt =
        ctx.store.state.competitionEntries[c.name]?.[user.email] ?? null;
      return { result: { joined: joinedAt !== null, joinedAt } };
    }),
  )
  .post(
    '/competitions/:name/join',
    handle(async (req, ctx) => {
      const c = competitionNamed(req.params.name);
      const user = requireUser(req, ctx);
      const { opensAt, closesAt } = competitionJoinWindow(c);
      const now = Date.now();
      if (now < Date.parse(opensAt) || now >= Date.parse(closesAt))
        throw new SandboxError('COMPETITION_CLOSED');
      return ctx.store.mutate((state) => {
        const entries = (state.competitionEntries[c.name] ??= {});
        const joinedAt = (entries[user.email] ??= new Date(now).toISOString());
        return { result: { joined: true, joinedAt } };
      });
    }),
  );
