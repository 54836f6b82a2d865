import { randomBytes } from 'node:crypto';

import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { EMAIL, str } from '../../ledger.ts';

const ticketStatus = (ticket: string): 'pending' | 'approved' | 'rejected' => {
  const n = [...ticket].reduce((a, c) => a + c.charCodeAt(0), 0) % 3;
  return n === 0 ? 'pending' : n === 1 ? 'approved' : 'rejected';
};

/** features/unbind-google2fa: filing an unbind request and reading its ticket. */
export const routes = new Hono<SandboxEnv>()
  .post(
    '/security/unbind-google2fa',
    handle(async (req, ctx) => {
      const email = str(req.body.email);
      const uid = str(req.body.uid, 20);
      const reason = str(req.body.reason, 40);
      const contact = str(req.body.contact, 120) ?? '';
      if (!email || !EMAIL.test(email)) throw new SandboxError('INVALID_EMAIL');
      if (!uid || !/^\d{6,12}$/.test(uid))
        throw new SandboxError('INVALID_PARAMS');
      if (
        !reason ||
        !['lost-device', 'new-phone', 'app-deleted', 'other'].includes(reason)
      )
        throw new SandboxError('INVALID_PARAMS');
      const ticket = `UB${randomBytes(5).toString('hex').toUpperCase()}`;
      await ctx.store.mutate((state) => {
        state.tickets[ticket] = {
          email,
          uid,
          reason,
          contact,
          createdAt: new Date().toISOString(),
        };
      });
      return { result: { ticket, status: 'pending' } };
    }),
  )
  .get(
    '/security/unbind-google2fa/:ticket',
    handle((req, ctx) => {
      const ticket = req.params.ticket ?? '';
      const t = ctx.store.state.tickets[ticket];
      if (!t) throw new SandboxError('TICKET_NOT_FOUND');
      return {
        result: {
          ticket,
          status: ticketStatus(ticket),
          createdAt: t.createdAt,
        },
      };
    }),
  );
