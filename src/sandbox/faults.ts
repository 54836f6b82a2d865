import { setTimeout as sleep } from 'node:timers/promises';

import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';

import { fail, ok, send } from './envelope.ts';
import type { SandboxEnv } from './handler.ts';

/** A status a Response may carry a body with. */
const statusSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(200),
  v.maxValue(599),
  v.check((s) => ![204, 205, 304].includes(s), 'a status without a body'),
);

/** A number where one is given, ignored (the kind's default) where it is not a number. */
const optionalNumber = v.fallback(v.optional(v.number()), undefined);

/**
 * A fault the sandbox injects for requests whose path starts with `pathPrefix`, before any route
 * (src/sandbox/README.md): `delay` waits `ms` (default 5000) and then answers normally; `status`
 * answers `status` (default 503) in the failure envelope; `malformed` an unparsable envelope;
 * `oversized` a result of some 10 MB; `down` closes the connection unanswered; `reply` answers
 * `status` (default 200) with `headers` and `body` (a string as is, anything else as JSON) after
 * `ms` (default 0). Each applies `times` times (default: until cleared); the first live fault
 * added for a path wins, so faults added in turn answer in turn.
 */
export const faultSchema = v.object({
  pathPrefix: v.string(),
  kind: v.picklist([
    'delay',
    'status',
    'malformed',
    'oversized',
    'down',
    'reply',
  ]),
  ms: optionalNumber,
  status: v.optional(statusSchema),
  times: optionalNumber,
  headers: v.optional(v.record(v.string(), v.string())),
  body: v.optional(v.unknown()),
});

export type FaultSpec = v.InferInput<typeof faultSchema>;

/** A request a fault answered or delayed, as the test that injected it reads it back. */
export type SeenRequest = {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
};

type Fault = v.InferOutput<typeof faultSchema> & { left: number };

/** At most this many requests are kept for reading back (the oldest dropped first). */
const SEEN_LIMIT = 1000;

const oversized = () =>
  ok({
    items: Array.from({ length: 200_000 }, (_, i) => ({
      id: `x${i}`,
      name: 'x'.repeat(20),
    })),
  });

/** The faults under way and the requests they saw; `middleware` applies them. */
export const createFaults = () => {
  let faults: Fault[] = [];
  const seen: SeenRequest[] = [];

  const middleware: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    const url = new URL(c.req.url);
    const path = decodeURIComponent(url.pathname);
    const fault = faults.find(
      (f) => f.left > 0 && path.startsWith(f.pathPrefix),
    );
    if (!fault) return next();
    fault.left--;
    seen.push({
      method: c.req.method,
      path,
      query: url.search,
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    });
    if (seen.length > SEEN_LIMIT) seen.splice(0, seen.length - SEEN_LIMIT);
    // a wait ends early when the client goes away (nothing is left to answer)
    const wait = (ms: number) =>
      sleep(Math.min(ms, 60_000), undefined, {
        signal: c.req.raw.signal,
      }).catch(() => undefined);
    switch (fault.kind) {
      case 'delay':
        await wait(fault.ms ?? 5000);
        return next();
      case 'down':
        c.env.incoming.socket.destroy();
        return new Response(null, { status: 503 });
      case 'status':
        return send(fault.status ?? 503, fail('INTERNAL'));
      case 'malformed':
        return send(200, '{"ret_code": "zero", "result": [unclosed');
      case 'oversized':
        return send(200, oversized());
      case 'reply':
        if (fault.ms) await wait(fault.ms);
        return send(fault.status ?? 200, fault.body ?? '', fault.headers);
    }
  };

  return {
    middleware,
    add: (spec: v.InferOutput<typeof faultSchema>) => {
      faults.push({ ...spec, left: spec.times ?? Number.POSITIVE_INFINITY });
      return faults.length;
    },
    clear: () => {
      faults = [];
      seen.length = 0;
    },
    /** The requests faults saw, oldest first, only those under `path` when given. */
    seen: (path?: string) =>
      path ? seen.filter((r) => r.path === path) : [...seen],
  };
};

export type Faults = ReturnType<typeof createFaults>;
