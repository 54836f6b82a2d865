import { randomBytes } from 'node:crypto';

import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { EMAIL, requireUser, str } from '../../ledger.ts';
import {
  newUser,
  saltAndHash,
  setBalance,
  userWithHash,
  verifyPassword,
} from '../../store.ts';

/** Verifies against a throwaway hash, so an unknown email costs the time of a wrong password. */
const DECOY = newUser(
  'decoy@example.invalid',
  randomBytes(12).toString('hex'),
  'decoy',
);

/** features/account: registering, logging in and out (the token cookie), and the user menu's info. */
export const routes = new Hono<SandboxEnv>()
  .post(
    '/user/register',
    handle((req, ctx) => {
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
      const admission = ctx.registrations.admit(
        req.address,
        Object.keys(ctx.store.state.users).length,
      );
      if (!admission.ok)
        throw new SandboxError(
          'TOO_MANY_REGISTRATIONS',
          429,
          admission.retryAfterSeconds,
        );
      // the same work and the same answer whether or not the email has an account (signup.ts)
      const hashed = saltAndHash(password);
      if (ctx.store.state.users[email])
        ctx.outbox.send({
          to: email,
          subject: 'Someone tried to sign up with your email',
          text: 'You already have an account with this email address: log in instead. If it was not you, you can ignore this mail.',
          link: null,
        });
      else {
        const token = ctx.registrations.hold({ email, ...hashed });
        const link = `/api/v1/user/confirm?token=${token}`;
        ctx.outbox.send({
          to: email,
          subject: 'Confirm your email address',
          text: `Open ${link} on the site to finish creating your account (the link works for 24 hours).`,
          link,
        });
      }
      return { result: { email, confirmation: 'sent' } };
    }),
  )
  .get(
    '/user/confirm',
    handle(async (req, ctx) => {
      const token = str(req.query.get('token'), 64);
      const pending = token ? ctx.registrations.take(token) : undefined;
      if (!pending) throw new SandboxError('CONFIRMATION_INVALID');
      const sid = randomBytes(24).toString('base64url');
      await ctx.store.mutate((state) => {
        // another link for the same email was followed first: this one no longer works
        if (state.users[pending.email])
          throw new SandboxError('CONFIRMATION_INVALID');
        const user = userWithHash(
          pending.email,
          pending.email.split('@')[0] ?? 'trader',
          pending,
        );
        setBalance(user, 'ACCOUNT_TYPE_FUND', 'USDT', '100.00000000');
        state.users[pending.email] = user;
        ctx.store.addSession(state, sid, pending.email);
      });
      return { result: { email: pending.email }, setSession: sid };
    }),
  )
  .post(
    '/user/login',
    handle(async (req, ctx) => {
      const email = str(req.body.email)?.trim().toLowerCase();
      const password = str(req.body.password, 128);
      if (!email || !EMAIL.test(email) || !password)
        throw new SandboxError('INVALID_PARAMS');
      // attempts for one email run at most two at a time: guesses cannot go around the delay
      // in parallel (throttle.ts); known or not, an email is treated the same
      if (!ctx.throttle.begin(email))
        throw new SandboxError(
          'TOO_MANY_ATTEMPTS',
          429,
          ctx.throttle.retryAfterSeconds(email),
        );
      // under way from here until the password is checked (a session write after it is not)
      try {
        // a growing wait after repeated failures
        const delay = ctx.throttle.delayFor(email);
        if (delay > 0) await ctx.sleep(delay);
        const user = ctx.store.state.users[email];
        // one answer for an unknown account and a wrong password (no account enumeration)
        if (!verifyPassword(password, user ?? DECOY) || !user) {
          ctx.throttle.fail(email);
          throw new SandboxError('WRONG_PASSWORD');
        }
        ctx.throttle.succeed(email);
      } finally {
        ctx.throttle.end(email);
      }
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
