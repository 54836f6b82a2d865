import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { credit, requireUser } from '../../ledger.ts';
import { parseAmount } from '../../store.ts';
import { ENVELOPE_RULES, ENVELOPES } from './seed.ts';

/**
 * features/red-envelopes: the rules every envelope follows, an envelope by code, and receiving
 * it (once per user, into FUND).
 */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/red-envelope-rules',
    handle(() => ({ result: ENVELOPE_RULES })),
  )
  .get(
    '/red-envelopes/:code',
    handle((req, ctx) => {
      const code = (req.params.code ?? '').toUpperCase();
      const envelope = ENVELOPES.find((e) => e.code === code);
      if (!envelope) throw new SandboxError('ENVELOPE_NOT_FOUND');
      const user = ctx.store.userBySession(req.sid);
      const received = user
        ? (ctx.store.state.received[user.email] ?? []).includes(code)
        : false;
      return {
        result: { ...envelope, state: received ? 'received' : envelope.state },
      };
    }),
  )
  .post(
    '/red-envelopes/:code/receive',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const code = (req.params.code ?? '').toUpperCase();
      const envelope = ENVELOPES.find((e) => e.code === code);
      if (!envelope) throw new SandboxError('ENVELOPE_NOT_FOUND');
      if (envelope.state === 'expired')
        throw new SandboxError('ENVELOPE_EXPIRED');
      if (envelope.state === 'exhausted')
        throw new SandboxError('ENVELOPE_EXHAUSTED');
      return ctx.store.mutate((state) => {
        const list = (state.received[user.email] ??= []);
        if (list.includes(code))
          throw new SandboxError('ENVELOPE_ALREADY_RECEIVED');
        list.push(code);
        state.envelopeClaims[code] = (state.envelopeClaims[code] ?? 0) + 1;
        const u = state.users[user.email] ?? user;
        credit(
          u,
          'ACCOUNT_TYPE_FUND',
          envelope.coin,
          parseAmount(envelope.amount) ?? 0n,
        );
        return {
          result: {
            code,
            coin: envelope.coin,
            amount: envelope.amount,
            state: 'received',
          },
        };
      });
    }),
  );
