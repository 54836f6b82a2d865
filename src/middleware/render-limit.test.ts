import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { createRenderGate, renderLimit } from './render-limit.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('render gate', () => {
  it('runs at most `concurrency` at once and hands turns out in arrival order', async () => {
    const gate = createRenderGate({ concurrency: 2, maxWaitMs: 10_000 });
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const waits = [0, 1, 2, 3].map((i) =>
      gate.acquire().then((release) => {
        order.push(i);
        releases.push(release);
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(2);
    releases[0]?.();
    releases[0]?.(); // a second call hands nothing back twice
    await tick();
    expect(order).toEqual([0, 1, 2]);
    expect(gate.running).toBe(2);
    releases[1]?.();
    await Promise.all(waits);
    expect(order).toEqual([0, 1, 2, 3]);
    releases[2]?.();
    releases[3]?.();
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('lets a request that waited too long go ahead, and keeps counting right', async () => {
    const gate = createRenderGate({ concurrency: 1, maxWaitMs: 30 });
    const first = await gate.acquire();
    const started = Date.now();
    const second = await gate.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(0);
    first();
    second();
    expect(gate.running).toBe(0);
    // the line works as before after a timed-out wait
    const third = await gate.acquire();
    expect(gate.running).toBe(1);
    third();
  });

  it('hands out no turn while requests that waited too long keep it over its limit', async () => {
    const gate = createRenderGate({ concurrency: 1, maxWaitMs: 20 });
    const first = await gate.acquire();
    const late = await gate.acquire(); // waited 20 ms, went ahead: 2 running
    let third: (() => void) | undefined;
    void gate.acquire().then((release) => (third = release));
    first();
    await tick();
    expect(third).toBeUndefined(); // one is still running: the line is at its limit
    expect(gate.running).toBe(1);
    late();
    await tick();
    expect(third).toBeDefined();
    expect(gate.running).toBe(1);
    third?.();
    expect(gate.running).toBe(0);
  });

  it('refuses a limit that could never let anything through', () => {
    expect(() => createRenderGate({ concurrency: 0, maxWaitMs: 10 })).toThrow(
      RangeError,
    );
  });
});

describe('render limit middleware', () => {
  const setup = (concurrency: number) => {
    const gate = createRenderGate({ concurrency, maxWaitMs: 10_000 });
    const app = new Hono();
    app.use(renderLimit(gate));
    app.get('/page', () => {
      // a body that arrives in two parts, like a streamed page
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode('<p>first</p>'));
            await tick(10);
            controller.enqueue(encoder.encode('<p>second</p>'));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/html' } },
      );
    });
    app.get('/empty', (c) => c.body(null, 204));
    app.get('/throws', () => {
      throw new Error('render failed');
    });
    app.onError((_error, c) => c.text('error', 500));
    return { gate, app };
  };

  it('holds the turn until the body has been read to the end', async () => {
    const { gate, app } = setup(1);
    const res = await app.request('/page');
    expect(gate.running).toBe(1);
    const waiting = Promise.resolve(app.request('/page'));
    await tick();
    expect(gate.waiting).toBe(1);
    expect(await res.text()).toBe('<p>first</p><p>second</p>');
    const second = await waiting;
    expect(await second.text()).toBe('<p>first</p><p>second</p>');
    expect(gate.running).toBe(0);
  });

  it('gives the turn back when the reader goes away, the body is empty or the render throws', async () => {
    const { gate, app } = setup(1);
    const res = await app.request('/page');
    await res.body?.cancel();
    expect(gate.running).toBe(0);
    expect((await app.request('/empty')).status).toBe(204);
    expect(gate.running).toBe(0);
    const failed = await app.request('/throws');
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe('error');
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);
  });
});
