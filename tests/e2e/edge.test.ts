/**
 * The nginx edge (issue 25 item 6), real nginx on loopback in front of two site processes: a HIT
 * after the first guest request, the session variant beside it (one entry for every session),
 * tracking parameters on the same entry, no entry shared across hosts or locales, a build-id
 * change, what is served when every process is down (a cached page; else the localized 503 page
 * with the security headers), and a rolling restart of one process under load with nothing lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  EDGE_SECURITY_HEADERS,
  errorPageCsp,
  errorPageTexts,
} from '../../scripts/lib/edge-errors.ts';
import {
  ensureNginx,
  startEdge,
  type Edge,
} from '../../scripts/lib/edge-run.ts';
import { UNAVAILABLE_PATH } from '../../scripts/lib/edge.ts';
import {
  startSandbox,
  startServer,
  stopChild,
  type Running,
} from '../../scripts/lib/processes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'exchange-edge-test-'));
let sandbox: Running | undefined;
const servers: { port: number; running: Running }[] = [];
let edge: Edge | undefined;
let edgeOrigin = '';
let edgePort = 0;
let siteOrigin = '';

/** The account corner of the session variant (the guest one has the Log in and Sign up buttons). */
const PENDING_ACCOUNT = 'zmx-pv-account-pending';

const serverEnv = { SHUTDOWN_DRAIN_MS: '1000', WEB_CONCURRENCY: '1' };

const startSite = async (port: number) =>
  startServer({
    port,
    apiOrigin: sandbox?.url ?? '',
    siteOrigin,
    quiet: true,
    env: serverEnv,
  });

beforeAll(async () => {
  ensureNginx();
  edgePort = await freePort();
  edgeOrigin = `http://127.0.0.1:${edgePort}`;
  siteOrigin = edgeOrigin;
  sandbox = await startSandbox({
    siteOrigin,
    dataFile: path.join(dir, 'state.json'),
    quiet: true,
  });
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    servers.push({ port, running: await startSite(port) });
  }
  edge = await startEdge({
    listen: `127.0.0.1:${edgePort}`,
    upstreams: servers.map((s) => `127.0.0.1:${s.port}`),
    dir: path.join(dir, 'nginx'),
    buildId: 'build-one',
    workers: '1',
  });
});

afterAll(async () => {
  await edge?.stop();
  for (const s of servers) await s.running.stop();
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (
  p: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  edge: string | null;
  body: string;
  headers: Headers;
}> => {
  const res = await fetch(`${edgeOrigin}${p}`, {
    headers: { 'user-agent': PERSON_UA, 'accept-encoding': 'br', ...headers },
  });
  const body = await res.text();
  return {
    status: res.status,
    edge: res.headers.get('x-edge-cache'),
    body,
    headers: res.headers,
  };
};

/** fetch cannot set Host: node:http can. The x-edge-cache of a GET with that Host header. */
const edgeCacheWithHost = (p: string, host: string) =>
  new Promise<string | undefined>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: edgePort,
        path: p,
        headers: { host, 'user-agent': PERSON_UA, 'accept-encoding': 'br' },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const value = res.headers['x-edge-cache'];
          resolve(Array.isArray(value) ? value[0] : value);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });

describe('the edge cache', () => {
  it('answers the second guest request for a page from its cache', async () => {
    expect(await get('/en/launchpad')).toMatchObject({
      status: 200,
      edge: 'MISS',
    });
    expect(await get('/en/launchpad')).toMatchObject({
      status: 200,
      edge: 'HIT',
    });
  });

  it('serves tracking parameters and undeclared ones from the same entry', async () => {
    await get('/en/launchpad');
    for (const query of [
      '?utm_source=newsletter&utm_medium=email',
      '?gclid=abc123',
      '?fbclid=x&x=42',
    ])
      expect(await get(`/en/launchpad${query}`)).toMatchObject({
        status: 200,
        edge: 'HIT',
      });
  });

  it('keeps the session variant beside the guest one: one entry for every session, never a guest entry', async () => {
    const guestFirst = await get('/en/launchpad');
    expect(guestFirst.body).not.toContain(PENDING_ACCOUNT);
    const alice = await get('/en/launchpad', {
      cookie: 'b_t_c_k_test1=edge-alice',
    });
    expect(alice).toMatchObject({ status: 200, edge: 'MISS' });
    expect(alice.body).toContain(PENDING_ACCOUNT);
    // another user's token (and other cookies): the same session entry
    const bob = await get('/en/launchpad', {
      cookie: 'theme=dark; b_t_c_k=edge-bob',
    });
    expect(bob).toMatchObject({ status: 200, edge: 'HIT', body: alice.body });
    // private to every other cache; nginx's own header goes no further
    expect(bob.headers.get('cache-control')).toBe('private, no-cache');
    expect(bob.headers.get('x-accel-expires')).toBeNull();
    expect(bob.headers.get('content-security-policy')).toBeTruthy();
    const guest = await get('/en/launchpad');
    expect(guest.edge).toBe('HIT');
    expect(guest.body).not.toContain(PENDING_ACCOUNT);
    expect(guest.headers.get('cache-control')).toContain('public');
  });

  it('stores for a session only what the site marks as the session variant', async () => {
    const session = { cookie: 'b_t_c_k_test1=edge-session' };
    // a keyed 404 and an API answer reach a process every time
    for (const p of [
      '/en/launchpad/no-such-project',
      '/api/v1/redirect-rules?path=/en/earn',
    ]) {
      const first = await get(p, session);
      const second = await get(p, session);
      expect(first.headers.get('x-accel-expires'), p).toBeNull();
      expect([first.edge, second.edge], p).toEqual(['MISS', 'MISS']);
    }
  });

  it('shares no entry across locales or hosts', async () => {
    await get('/en/launchpad');
    expect((await get('/ja-JP/launchpad')).edge).toBe('MISS');
    expect((await get('/ja-JP/launchpad')).edge).toBe('HIT');
    const other = `localhost:${edgePort}`;
    expect(await edgeCacheWithHost('/en/launchpad', other)).toBe('MISS');
    expect(await edgeCacheWithHost('/en/launchpad', other)).toBe('HIT');
    expect(
      await edgeCacheWithHost('/en/launchpad', `127.0.0.1:${edgePort}`),
    ).toBe('HIT');
  });

  it('starts a new entry when the build id changes', async () => {
    await get('/en/earning/savings');
    expect((await get('/en/earning/savings')).edge).toBe('HIT');
    await edge?.reload('build-two');
    expect((await get('/en/earning/savings')).edge).toBe('MISS');
    expect((await get('/en/earning/savings')).edge).toBe('HIT');
  });
});

describe('rolling restart', () => {
  it('restarts one of two processes under a full render load with 0 errors and 0 5xx', async () => {
    const run = autocannon({
      // a search per request (a declared parameter, unique values): every request renders at a
      // process. 16 at once fill both processes' render turns (RENDER_CONCURRENCY 8 each); with
      // one stopped, the other runs 8 and holds 8 in its line (RENDER_MAX_WAITING 64), so what is
      // tested is the restart, not the render limit's 503 for more than a process can take
      url: `${edgeOrigin}/en/announcement-info/contract-detail?q=rolling-[<id>]`,
      idReplacement: true,
      connections: 16,
      duration: 15,
      headers: {
        'user-agent': PERSON_UA,
        cookie: 'b_t_c_k_test1=rolling',
      },
    });
    const first = servers[0];
    if (!first) throw new Error('no server');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // SIGTERM: drains 1 s, lets the requests in flight finish, then exits. SIGKILL only after
    // 20 s: a loaded machine can take seconds to finish a render, and a cut response is an
    // error no operator's process manager (systemd waits 90 s) would cause.
    await stopChild(first.running.child, 20_000)();
    first.running = await startSite(first.port);
    const result = await run;
    expect(result.requests.total).toBeGreaterThan(100);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result['5xx']).toBe(0);
    expect(result.non2xx).toBe(0);
  });
});

describe('every process down', () => {
  it('serves cached pages, and answers uncached ones with a 503 page in the language of the address', async () => {
    await get('/de-DE/launchpad');
    expect((await get('/de-DE/launchpad')).edge).toBe('HIT');
    for (const s of servers) await s.running.stop();
    const cached = await get('/de-DE/launchpad');
    expect(cached.status).toBe(200);
    expect(['HIT', 'STALE']).toContain(cached.edge);
    for (const [address, locale] of [
      ['/fr-FR/launchpad', 'fr-FR'],
      ['/ja-JP/earning/savings?coin=BTC', 'ja-JP'],
      ['/th-TH', 'th-TH'],
      ['/en-US/launchpad', 'en-US'],
      ['/nowhere', 'en'],
    ] as const) {
      const res = await fetch(`${edgeOrigin}${address}`, {
        headers: { 'user-agent': PERSON_UA, 'accept-encoding': 'br' },
      });
      const body = await res.text();
      const texts = await errorPageTexts(locale);
      expect(res.status, address).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe(errorPageCsp());
      for (const [name, value] of Object.entries(EDGE_SECURITY_HEADERS))
        expect(res.headers.get(name), name).toBe(value);
      expect(body).toContain(`<html lang="${locale}"`);
      expect(body).toContain(`<h1>${texts.title}</h1>`);
      expect(body).toContain(texts.body);
    }
    // any method gets the page (nginx's static handler alone would answer 405 to a POST)
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${edgeOrigin}/ko-KR/launchpad?x=1`, {
        method,
        headers: { 'user-agent': PERSON_UA, 'content-type': 'text/plain' },
        body: 'amount=1',
      });
      expect(res.status, method).toBe(503);
      expect(res.headers.get('retry-after'), method).toBe('30');
      expect(await res.text(), method).toContain('<html lang="ko-KR"');
    }
    // the page's own address is not one a visitor can ask for
    expect((await fetch(`${edgeOrigin}${UNAVAILABLE_PATH}`)).status).toBe(404);
    // the French and Japanese pages are not the English one
    expect((await errorPageTexts('fr-FR')).title).not.toBe(
      (await errorPageTexts('en')).title,
    );
  });
});
