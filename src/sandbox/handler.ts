import type { HttpBindings } from '@hono/node-server';
import type { Context as HonoContext, Handler as HonoHandler } from 'hono';
import { getCookie } from 'hono/cookie';

import { ok, SandboxError, send } from './envelope.ts';
import type { Outbox, Registrations } from './signup.ts';
import type { Store } from './store.ts';
import type { LoginThrottle } from './throttle.ts';

/** What a route handler reads of its request. */
export type Request = {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  sid: string | undefined;
  /** The client's address (the socket's peer: behind the site's proxy, the site's). */
  address: string;
};

/** A handler's result, sent in the ok envelope; `setSession` sets (a token) or clears (null) the cookie. */
export type Reply = { result: unknown; setSession?: string | null };

/** The sandbox's state, shared by every handler. */
export type Context = {
  store: Store;
  siteDomain: string;
  buildId: () => string;
  events: unknown[];
  throttle: LoginThrottle;
  registrations: Registrations;
  outbox: Outbox;
  /** Waits `ms` (tests record the delay instead of waiting). */
  sleep: (ms: number) => Promise<void>;
};

export type Handler = (req: Request, ctx: Context) => Reply | Promise<Reply>;

/** The session cookie: its name, and its Set-Cookie value for a token (null ends it). */
export type SessionCookie = {
  name: string;
  serialize: (sid: string | null) => string;
};

/** Hono's environment for the sandbox: node's request, and the state the app sets per request. */
export type SandboxEnv = {
  Bindings: HttpBindings;
  Variables: { ctx: Context; session: SessionCookie };
};

/**
 * The request body as a JSON object: empty is `{}`, anything else that is not an object is
 * BAD_JSON (400). The size limit is enforced before (hono/body-limit in app.ts).
 */
export const readJson = async (
  c: HonoContext<SandboxEnv>,
): Promise<Record<string, unknown>> => {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SandboxError('BAD_JSON', 400);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SandboxError('BAD_JSON', 400);
  return value as Record<string, unknown>;
};

/** A route handler as a Hono handler: its request read, its reply sent in the ok envelope. */
export const handle =
  (handler: Handler): HonoHandler<SandboxEnv> =>
  async (c) => {
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? {} : await readJson(c);
    const session = c.get('session');
    const reply = await handler(
      {
        params: c.req.param(),
        query: new URL(c.req.url).searchParams,
        body,
        sid: getCookie(c, session.name),
        address: c.env.incoming.socket.remoteAddress ?? '',
      },
      c.get('ctx'),
    );
    const headers: Record<string, string> = {};
    if (reply.setSession !== undefined)
      headers['set-cookie'] = session.serialize(reply.setSession);
    return send(200, ok(reply.result), headers);
  };
