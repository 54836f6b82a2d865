import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { createRenderGate, renderLimit } from './render-limit.ts';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('render gate', () => {
  it('runs at most `concurrency` at once and hands turns out in arrival order', async () => {
    const gate = createRenderGate({
      concurrency: 2,
      maxWaitMs: 10_000,
      maxWaiting: 10,
    });
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const waits = [0, 1, 2, 3].map((i) =>
      gate.acquire().then((release) => {
        order.push(i);
        if (release) releases.push(release);
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

  it('refuses a request that waited too long, and keeps counting right', async () => {
    const gate = createRenderGate({
      concurrency: 1,
      maxWaitMs: 30,
      maxWaiting: 10,
    });
    const first = await gate.acquire();
    const second = await gate.acquire();
    expect(second).toBeUndefined();
    expect(gate.running).toBe(1);
    expect(gate.waiting).toBe(0);
    expect(gate.refused).toBe(1);
    first?.();
    expect(gate.running).toBe(0);
    // the line works as before after a refused wait
    const third = await gate.acquire();
    expect(gate.running).toBe(1);
    third?.();
  });

  it('refuses at once when the line is full, and never runs more than its limit', async () => {
    const gate = createRenderGate({
      concurrency: 2,
      maxWaitMs: 10_000,
      maxWaiting: 3,
    });
    const turns = await Promise.all([gate.acquire(), gate.acquire()]);
    let peak = gate.running;
    // each waiter renders and hands its turn back as soon as it gets one
    const waiting = [1, 2, 3].map(() =>
      gate.acquire().then((release) => {
        peak = Math.max(peak, gate.running);
        release?.();
        return release;
      }),
    );
    expect(gate.waiting).toBe(3);
    expect(await gate.acquire()).toBeUndefined();
    expect(gate.refused).toBe(1);
    for (const release of turns) release?.();
    const later = await Promise.all(waiting);
    expect(peak).toBe(2);
    expect(later.filter(Boolean)).toHaveLength(3);
    expect(gate.running).toBe(0);
  });

  it('refuses a limit that could never let anything through', () => {
    expect(() =>
      createRenderGate({ concurrency: 0, maxWaitMs: 10, maxWaiting: 1 }),
    ).toThrow(RangeError);
  });
});

describe('render limit middleware', () => {
  const setup = (concurrency: number) => {
    const gate = createRenderGate({
      concurrency,
      maxWaitMs: 10_000,
      maxWaiting: 1,
    });
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

  it('answers a request that gets no turn with a fast 503 and Retry-After', async () => {
    const { gate, app } = setup(1);
    const res = await app.request('/page');
    const queued = Promise.resolve(app.request('/page'));
    await tick();
    const refused = await app.request('/page');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(gate.running).toBe(1);
    await res.text();
    expect(await (await queued).text()).toBe('<p>first</p><p>second</p>');
    expect(gate.running).toBe(0);
  });
});
