import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import type { SandboxEnv } from './handler.ts';
import { createTraceContextLog } from './trace-context.ts';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('the trace context the sandbox received', () => {
  const setup = () => {
    const log = createTraceContextLog();
    const app = new Hono<SandboxEnv>();
    app.use(log.middleware);
    app.get('*', (c) => c.text('ok'));
    return { log, app };
  };

  it('keeps each traceparent and tracestate with its method and path, only requests that had one', async () => {
    const { log, app } = setup();
    await app.request('/api/v1/a?x=1', {
      headers: { traceparent: TRACEPARENT, tracestate: 'vendor=1' },
    });
    await app.request('/api/v1/b');
    expect(log.list()).toEqual([
      {
        method: 'GET',
        path: '/api/v1/a',
        traceparent: TRACEPARENT,
        tracestate: 'vendor=1',
      },
    ]);
    expect(log.list('/api/v1/b')).toEqual([]);
    expect(log.list('/api/v1/a')).toHaveLength(1);
  });

  it('keeps the last 200, and bounds each value', async () => {
    const { log, app } = setup();
    for (let i = 0; i < 205; i++)
      await app.request(`/p/${i}`, {
        headers: { traceparent: `${TRACEPARENT}${'x'.repeat(300)}` },
      });
    const list = log.list();
    expect(list).toHaveLength(200);
    expect(list[0]?.path).toBe('/p/5');
    expect(list[0]?.traceparent).toHaveLength(256);
  });
});
