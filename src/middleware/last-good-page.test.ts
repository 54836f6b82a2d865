import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';

import { findRequestContext } from '../lib/server/request-context.ts';
import { loadSiteConfig } from '../lib/server/site-config.ts';
import { lastGoodPages } from './last-good-page.ts';
import { createRenderGate, renderLimit } from './render-limit.ts';
import { requestContext } from './request-context.ts';

/** A site whose pages render with the request's nonce, or a 503 while the API is `down`. */
const site = (options: { maxAgeMs: number }) => {
  let clock = 1_000_000;
  const state = { down: false, partial: false, renders: 0 };
  const store = lastGoodPages({ ...options, now: () => clock });
  const app = new Hono();
  app.use(requestContext(loadSiteConfig({})));
  app.use(store.middleware);
  app.get('*', (c) => {
    const context = findRequestContext();
    const nonce = context?.nonce ?? '';
    if (state.down) {
      if (context)
        context.status = {
          code: 503,
          message: 'Service Unavailable',
          retryAfter: 30,
        };
      return c.html(
        '<html><body><h1>Temporarily unavailable</h1></body></html>',
        503,
        {
          'retry-after': '30',
        },
      );
    }
    state.renders++;
    if (state.partial && context) {
      // a streamed page whose section falls back after its shell went out
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('<html><body><h1>shell</h1>'));
          setTimeout(() => {
            context.sectionFellBack = true;
            controller.enqueue(encoder.encode('<p>notice</p></body></html>'));
            controller.close();
          }, 5);
        },
      });
      return c.body(body, 200, { 'content-type': 'text/html; charset=UTF-8' });
    }
    return c.html(
      `<html><head><script nonce="${nonce}">self.x=1</script></head><body class="page"><h1>Launchpad ${state.renders}</h1></body></html>`,
    );
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(`http://localhost:3000${path}`, { headers });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return {
    get,
    state,
    store,
    tick: (ms: number) => (clock += ms),
    settle: () => new Promise((resolve) => setTimeout(resolve, 10)),
  };
};

describe('the last good copy of a page (stale-if-error)', () => {
  it('never keeps a render whose section fell back as the good copy', async () => {
    const s = site({ maxAgeMs: 60_000 });
    s.state.partial = true;
    const partial = await s.get('/ja-JP/launchpad');
    expect(partial.status).toBe(200);
    expect(partial.body).toContain('<p>notice</p>');
    await s.settle();
    expect(s.store.size()).toBe(0);
    s.state.down = true;
    const down = await s.get('/ja-JP/launchpad');
    expect(down.status).toBe(503);
  });

  it('empties once its copies are too old to serve, with no requests (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const s = site({ maxAgeMs: 60_000 });
      await s.get('/ja-JP/launchpad');
      await s.get('/en/launchpad');
      // the copy is read from the response's body: wait on the real event loop
      for (let i = 0; i < 1000 && s.store.size() < 2; i++)
        await new Promise((r) => setImmediate(r));
      expect(s.store.size()).toBe(2);
      s.tick(60_000);
      vi.advanceTimersByTime(60_000);
      expect(s.store.size()).toBe(2);
      s.tick(1);
      vi.advanceTimersByTime(1);
      expect(s.store.size()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a 503 render with the last good copy, a localized notice and a fresh nonce', async () => {
    const s = site({ maxAgeMs: 60_000 });
    const good = await s.get('/ja-JP/launchpad');
    expect(good.status).toBe(200);
    await s.settle();
    s.state.down = true;
    s.tick(5000);
    const stale = await s.get('/ja-JP/launchpad');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-store');
    expect(stale.headers.get('age')).toBe('5');
    expect(stale.body).toContain('<h1>Launchpad 1</h1>');
    // the notice, in the page's language, first in the body
    expect(stale.body).toMatch(
      /<body class="page"><div role="status" data-stale-notice/,
    );
    expect(stale.body).toContain('現在、最新データを取得できません');
    const oldNonce = good.body.match(/nonce="([^"]+)"/)?.[1];
    const newNonce = stale.body.match(/nonce="([^"]+)"/)?.[1];
    expect(oldNonce).toBeTruthy();
    expect(newNonce).toBeTruthy();
    expect(newNonce).not.toBe(oldNonce);
  });

  it('in English for an English page', async () => {
    const s = site({ maxAgeMs: 60_000 });
    await s.get('/en/launchpad');
    await s.settle();
    s.state.down = true;
    expect((await s.get('/en/launchpad')).body).toContain(
      'Live data is temporarily unavailable. This page shows the last figures we had, which may be out of date.',
    );
  });

  it('keeps the 503 when there is no copy, or the copy is older than the limit', async () => {
    const s = site({ maxAgeMs: 60_000 });
    s.state.down = true;
    expect((await s.get('/en/join_us')).status).toBe(503);
    s.state.down = false;
    await s.get('/en/join_us');
    await s.settle();
    s.state.down = true;
    s.tick(60_001);
    const old = await s.get('/en/join_us');
    expect(old.status).toBe(503);
    expect(old.body).toContain('Temporarily unavailable');
  });

  it('never records a page rendered for a token cookie, one with declared parameters, nor a path that is no page', async () => {
    const s = site({ maxAgeMs: 60_000 });
    await s.get('/en/earning/savings', { cookie: 'b_t_c_k=secret' });
    await s.get('/en/earning/savings?coin=BTC');
    await s.get('/en/no-such-page');
    await s.settle();
    expect(s.store.size()).toBe(0);
    s.state.down = true;
    expect((await s.get('/en/earning/savings')).status).toBe(503);
  });

  it('keeps one copy per page address: parameters the page does not read find it', async () => {
    const s = site({ maxAgeMs: 60_000 });
    await s.get('/en/launchpad?utm_source=mail');
    await s.settle();
    expect(s.store.size()).toBe(1);
    s.state.down = true;
    const stale = await s.get('/en/launchpad?gclid=1');
    expect(stale.status).toBe(200);
    expect(stale.body).toContain('<h1>Launchpad 1</h1>');
  });

  it('serves the copy to guests only: a trader keeps the 503', async () => {
    const s = site({ maxAgeMs: 60_000 });
    await s.get('/en/launchpad');
    await s.settle();
    s.state.down = true;
    expect(
      (await s.get('/en/launchpad', { cookie: 'b_t_c_k=secret' })).status,
    ).toBe(503);
    expect((await s.get('/en/launchpad')).status).toBe(200);
  });

  it('answers a request the render limit turns away with the last good copy, not a 503', async () => {
    // the render line of one turn and no waiting: a second render at once is refused
    const gate = createRenderGate({
      concurrency: 1,
      maxWaitMs: 0,
      maxWaiting: 0,
    });
    const store = lastGoodPages({ maxAgeMs: 86_400_000 });
    const app = new Hono();
    app.use(requestContext(loadSiteConfig({})));
    app.use(store.middleware);
    app.use(renderLimit(gate));
    app.get('*', (c) =>
      c.html('<html><body class="page"><h1>Launchpad</h1></body></html>'),
    );
    const get = async (path: string) => {
      const res = await app.request(`http://localhost:3000${path}`);
      return { status: res.status, body: await res.text() };
    };
    expect((await get('/ko-KR/launchpad')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const held = await gate.acquire();
    expect(held).toBeDefined();
    const busy = await get('/ko-KR/launchpad');
    expect(busy.status).toBe(200);
    expect(busy.body).toContain('<h1>Launchpad</h1>');
    expect(busy.body).toContain('data-stale-notice');
    // a page with no copy keeps the fast 503
    expect((await get('/ko-KR/join_us')).status).toBe(503);
    held?.();
    expect(gate.refused).toBe(2);
  });
});
