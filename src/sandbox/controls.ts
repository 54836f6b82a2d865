import { Hono } from 'hono';
import * as v from 'valibot';

import { fail, ok, send } from './envelope.ts';
import { faultSchema, type Faults } from './faults.ts';
import { readJson, type SandboxEnv } from './handler.ts';

/** What the controls change beyond the request context: the faults, the build id, a reset. */
export type Controls = {
  faults: Faults;
  setBuildId: (id: string) => void;
  reset: () => Promise<void>;
};

/**
 * The test controls under /__sandbox/ (never in production; src/sandbox/README.md): reset,
 * the build id, faults and the requests they saw, the analytics events received, the mail
 * "sent" (signup.ts).
 */
export const controlsRoutes = (controls: Controls) =>
  new Hono<SandboxEnv>()
    .post('/reset', async () => {
      await controls.reset();
      return send(200, ok({ reset: true }));
    })
    .post('/build-id', async (c) => {
      const id = (await readJson(c)).id;
      if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id))
        return send(200, fail('INVALID_PARAMS'));
      controls.setBuildId(id);
      return send(200, ok({ id }));
    })
    .post('/faults', async (c) => {
      const parsed = v.safeParse(faultSchema, await readJson(c));
      if (!parsed.success) return send(200, fail('INVALID_PARAMS'));
      return send(200, ok({ faults: controls.faults.add(parsed.output) }));
    })
    .delete('/faults', () => {
      controls.faults.clear();
      return send(200, ok({ faults: 0 }));
    })
    .get('/requests', (c) =>
      send(
        200,
        ok({ items: controls.faults.seen(c.req.query('path') || undefined) }),
      ),
    )
    .get('/events', (c) => {
      const type = c.req.query('type');
      const page = c.req.query('pageName');
      const events = c.get('ctx').events.filter((e) => {
        const event = e as Record<string, unknown>;
        return (
          (!type || event.type === type) && (!page || event.pageName === page)
        );
      });
      return send(200, ok({ items: events }));
    })
    .get('/mail', (c) =>
      send(
        200,
        ok({ items: c.get('ctx').outbox.list(c.req.query('to') || undefined) }),
      ),
    )
    .all('*', () => send(404, fail('NOT_FOUND')));
