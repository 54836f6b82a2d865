import { Hono } from 'hono';

import { handle, type SandboxEnv } from './handler.ts';

/** The analytics collector (lib/telemetry): events kept in memory for tests (GET /__sandbox/events). */
export const analyticsRoutes = new Hono<SandboxEnv>().post(
  '/collect',
  handle((req, ctx) => {
    const events = Array.isArray(req.body.events)
      ? req.body.events.slice(0, 200)
      : [];
    for (const event of events) {
      if (typeof event === 'object' && event !== null)
        ctx.events.push({ ...event, receivedAt: new Date().toISOString() });
    }
    if (ctx.events.length > 5000)
      ctx.events.splice(0, ctx.events.length - 5000);
    return { result: { accepted: events.length } };
  }),
);
