/**
 * The edge's session location (decision 0025), real nginx from the generated configuration in
 * front of a stand-in upstream whose headers each path chooses. Only what the site marks with
 * X-Accel-Expires is stored for a request with a token cookie: a `public` answer without the mark,
 * an answer that sets a cookie, and an unmarked `private` one all reach the upstream every time.
 * An expired session entry is answered stale while nginx refreshes it in the background.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ensureNginx,
  startEdge,
  type Edge,
} from '../../scripts/lib/edge-run.ts';
import { freePort } from '../helpers/ports.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'exchange-edge-session-'));
let upstream: Server | undefined;
let edge: Edge | undefined;
let origin = '';
/** Requests the upstream answered, by path. */
const reached = new Map<string, number>();

/** What the upstream answers for each path: the session variant's headers, or not quite. */
const HEADERS: Record<string, Record<string, string>> = {
  // the session variant, as src/middleware/guest-cache.ts sends it
  '/marked': { 'cache-control': 'private, no-cache', 'x-accel-expires': '60' },
  // the same with a 1 s lifetime
  '/short': { 'cache-control': 'private, no-cache', 'x-accel-expires': '1' },
  // public, but not marked: the session location reads no Cache-Control
  '/public': { 'cache-control': 'public, max-age=0, s-maxage=60' },
  // marked, but it sets a cookie
  '/cookie': {
    'cache-control': 'private, no-cache',
    'x-accel-expires': '60',
    'set-cookie': 'b_t_c_k=rotated; HttpOnly',
  },
  // private and unmarked (an API answer, an error page)
  '/private': { 'cache-control': 'private, no-store' },
};

beforeAll(async () => {
  ensureNginx();
  upstream = createServer((req, res) => {
    const p = req.url ?? '';
    const count = (reached.get(p) ?? 0) + 1;
    reached.set(p, count);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...HEADERS[p],
    });
    res.end(`<p>${p} answer ${count}</p>`);
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) =>
    upstream?.listen(upstreamPort, '127.0.0.1', resolve),
  );
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  edge = await startEdge({
    listen: `127.0.0.1:${port}`,
    upstreams: [`127.0.0.1:${upstreamPort}`],
    dir: path.join(dir, 'nginx'),
    workers: '1',
  });
});

afterAll(async () => {
  await edge?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = async (p: string, cookie = 'b_t_c_k_test1=someone') => {
  const res = await fetch(`${origin}${p}`, { headers: { cookie } });
  return {
    edge: res.headers.get('x-edge-cache'),
    expires: res.headers.get('x-accel-expires'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  };
};

describe('the edge session location', () => {
  it('stores the marked session variant for every session, and passes the mark on to no one', async () => {
    // kept from an address's second request (proxy_cache_min_uses 2)
    const first = await get('/marked');
    const second = await get('/marked', 'b_t_c_k=second');
    const third = await get('/marked', 'theme=dark; b_t_c_k=another');
    expect([first.edge, second.edge, third.edge]).toEqual([
      'MISS',
      'MISS',
      'HIT',
    ]);
    expect(third.body).toBe(second.body);
    expect(third.expires).toBeNull();
    expect(third.cacheControl).toBe('private, no-cache');
    expect(reached.get('/marked')).toBe(2);
  });

  it.each(['/public', '/cookie', '/private'])(
    'never stores %s for a session: it reaches the upstream every time',
    async (p) => {
      for (let i = 0; i < 3; i++) expect((await get(p)).edge).toBe('MISS');
      expect(reached.get(p)).toBe(3);
    },
  );

  it('keeps the session variant apart from the guest one', async () => {
    // a guest asks the same path: the guest location, the guest key; the marked private answer
    // is not stored there (it reads Cache-Control)
    const guest = await get('/marked', 'theme=dark');
    expect(guest.edge).toBe('MISS');
    expect((await get('/marked', 'theme=dark')).edge).toBe('MISS');
  });

  it('answers an expired session entry stale and refreshes it in the background', async () => {
    expect((await get('/short')).edge).toBe('MISS');
    const before = await get('/short');
    expect(before.edge).toBe('MISS');
    // nginx counts whole seconds: an entry stored at second t with 1 s is fresh through t + 1,
    // and answered from the store until then
    let stale = await get('/short');
    for (let i = 0; i < 40 && stale.edge === 'HIT'; i++) {
      expect(stale.body).toBe(before.body);
      await new Promise((resolve) => setTimeout(resolve, 100));
      stale = await get('/short');
    }
    expect(stale.edge).toBe('STALE');
    expect(stale.body).toBe(before.body);
    let fresh = await get('/short');
    for (let i = 0; i < 20 && fresh.body === before.body; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await get('/short');
    }
    expect(fresh.body).toBe('<p>/short answer 3</p>');
    expect(fresh.edge).toBe('HIT');
  });
});
