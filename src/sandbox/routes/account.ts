import { randomBytes } from 'node:crypto';

import { Hono } from 'hono';

import { SandboxError } from '../envelope.ts';
import { handle, type SandboxEnv } from '../handler.ts';
import { EMAIL, requireUser, str } from '../ledger.ts';
import { newUser, setBalance, verifyPassword } from '../store.ts';

/** Verifies against a throwaway hash, so an unknown email costs the time of a wrong password. */
const DECOY = newUser(
  'decoy@example.invalid',
  randomBytes(12).toString('hex'),
  'decoy',
);

/** features/account: registering, logging in and out (the token cookie), and the user menu's info. */
export const accountRoutes = new Hono<SandboxEnv>()
  .post(
    '/user/register',
    handle(async (req, ctx) => {
      const email = str(req.body.email)?.trim().toLowerCase();
      const password = str(req.body.password, 128);
      if (!email || !EMAIL.test(email)) throw new SandboxError('INVALID_EMAIL');
      if (
        !password ||
        password.length < 8 ||
        !/[a-z]/i.test(password) ||
        !/\d/.test(password)
      )
        throw new SandboxError('WEAK_PASSWORD');
      const sid = randomBytes(24).toString('base64url');
      await ctx.store.mutate((state) => {
        if (state.users[email]) throw new SandboxError('EMAIL_TAKEN');
        const user = newUser(email, password, email.split('@')[0] ?? 'trader');
        setBalance(user, 'ACCOUNT_TYPE_FUND', 'USDT', '100.00000000');
        state.users[email] = user;
        ctx.store.addSession(state, sid, email);
      });
      return { result: { email }, setSession: sid };
    }),
  )
  .post(
    '/user/login',
    handle(async (req, ctx) => {
      const email = str(req.body.email)?.trim().toLowerCase();
      const password = str(req.body.password, 128);
      if (!email || !EMAIL.test(email) || !password)
        throw new SandboxError('INVALID_PARAMS');
      // a growing wait after repeated failures, never a refusal: nobody can lock the owner out
      const delay = ctx.throttle.delayFor(email);
      if (delay > 0) await ctx.sleep(delay);
      const user = ctx.store.state.users[email];
      // one answer for an unknown account and a wrong password (no account enumeration)
      if (!verifyPassword(password, user ?? DECOY) || !user) {
        ctx.throttle.fail(email);
        throw new SandboxError('WRONG_PASSWORD');
      }
      ctx.throttle.succeed(email);
      const sid = randomBytes(24).toString('base64url');
      await ctx.store.mutate((state) => {
        ctx.store.addSession(state, sid, email);
      });
      return { result: { email }, setSession: sid };
    }),
  )
  .post(
    '/user/logout',
    handle(async (req, ctx) => {
      if (req.sid && ctx.store.hasSession(req.sid)) {
        const sid = req.sid;
        await ctx.store.mutate((state) => {
          ctx.store.endSession(state, sid);
        });
      }
      return { result: { ok: true }, setSession: null };
    }),
  )
  .get(
    '/user/info',
    handle((req, ctx) => {
      const user = requireUser(req, ctx);
      const [name = '', domain = ''] = user.email.split('@');
      return {
        result: {
          uid: user.uid,
          email: `${name.slice(0, 2)}***@${domain}`,
          nickname: user.nickname,
          vip: user.vip,
        },
      };
    }),
  );
