/**
 * The nginx edge (issue 25 item 6), real nginx on loopback in front of two site processes: a HIT
 * after the first guest request, the session variant beside it (one entry for every session),
 * tracking parameters on the same entry, no entry shared across hosts or locales, a build-id
 * change, what is served when every process is down (a cached page; else the localized 503 page
 * with the security headers), and a rolling restart of one process under load with nothing lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
import { rawGet } from '../helpers/raw-request.ts';

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

/**
 * Asks the edge for a page until it answers from its cache, and says how many asks that took: a
 * render's own answer names its request's nonce and is private; the site's stored copy (its CSP
 * by hashes) is what the edge keeps, from the third ask on (the site stores a render the second
 * time its address is asked for, and the edge sends one address to one process).
 */
const untilEdgeHit = async (
  p: string,
  headers: Record<string, string> = {},
): Promise<number> => {
  for (let ask = 1; ask <= 8; ask++) {
    const res = await get(p, headers);
    expect(res.status, p).toBe(200);
    if (res.edge === 'HIT') return ask;
    // a render (no X-Cache from the site): private, its own nonce; a stored copy: hashes
    const csp = res.headers.get('content-security-policy') ?? '';
    if (res.headers.get('x-cache') === null) {
      expect(res.headers.get('cache-control')).toMatch(/^private/);
      expect(csp).toContain("'nonce-");
    } else expect(csp).not.toContain("'nonce-");
  }
  throw new Error(`${p}: no edge HIT in 8 asks`);
};

/** fetch cannot set Host: node:http can. The x-edge-cache of a GET with that Host header. */
const edgeCacheWithHost = async (p: string, host: string) =>
  (
    await rawGet({
      port: edgePort,
      target: p,
      headers: { host, 'user-agent': PERSON_UA, 'accept-encoding': 'br' },
    })
  ).headers['x-edge-cache'];

describe('the edge cache', () => {
  it("keeps a guest page once the site has stored it, and never a render's per-request nonce", async () => {
    expect(await get('/en/launchpad')).toMatchObject({
      status: 200,
      edge: 'MISS',
    });
    // the render's answer: private, with its nonce; the stored copy's: public, with hashes
    expect(await untilEdgeHit('/en/launchpad')).toBeLessThanOrEqual(3);
    const hit = await get('/en/launchpad');
    expect(hit).toMatchObject({ status: 200, edge: 'HIT' });
    expect(hit.headers.get('cache-control')).toContain('public');
    expect(hit.headers.get('content-security-policy')).toContain("'sha256-");
    expect(hit.headers.get('content-security-policy')).not.toContain('nonce');
  });

  it('answers tracking parameters on a page that reads none from its one edge entry, the first time each is seen', async () => {
    await untilEdgeHit('/en/launchpad');
    const plain = await get('/en/launchpad');
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(plain.body);
    for (const query of [
      '?utm_source=newsletter&utm_medium=email',
      '?gclid=abc123',
      '?fbclid=x&x=42',
      `?x=${String(Date.now())}`,
    ]) {
      const res = await get(`/en/launchpad${query}`);
      expect(res.status, query).toBe(200);
      expect(res.edge, query).toBe('HIT');
      expect(res.body).not.toMatch(/newsletter|abc123|x=42/);
      expect(res.body).toContain(canonical?.[0] ?? '<no canonical>');
    }
  });

  it('gives undeclared parameters on a page that reads its query an address of their own, answered from the page copy the site keeps', async () => {
    await untilEdgeHit('/en/earning/savings');
    const plain = await get('/en/earning/savings');
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(plain.body);
    for (const query of ['?utm_source=newsletter', '?gclid=abc123&x=42']) {
      // an address of its own, sent to the process that owns it: a render at most twice, then
      // that process's copy of the page address
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await get(`/en/earning/savings${query}`));
      expect(answers[0]?.edge, query).toBe('MISS');
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.body).not.toMatch(/newsletter|abc123|x=42/);
        expect(res.body).toContain(canonical?.[0] ?? '<no canonical>');
      }
      expect(answers[2]?.headers.get('x-cache'), query).toBe('HIT');
    }
    expect((await get('/en/earning/savings')).edge).toBe('HIT');
  });

  it('keeps the session variant beside the guest one: one entry for every session, never a guest entry', async () => {
    const guestFirst = await get('/en/launchpad');
    expect(guestFirst.body).not.toContain(PENDING_ACCOUNT);
    expect(
      await untilEdgeHit('/en/launchpad', {
        cookie: 'b_t_c_k_test1=edge-alice',
      }),
    ).toBeLessThanOrEqual(4);
    const alice = await get('/en/launchpad', {
      cookie: 'b_t_c_k_test1=edge-alice',
    });
    expect(alice).toMatchObject({ status: 200, edge: 'HIT' });
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
    await untilEdgeHit('/en/launchpad');
    expect((await get('/ja-JP/launchpad')).edge).toBe('MISS');
    await untilEdgeHit('/ja-JP/launchpad');
    const other = `localhost:${edgePort}`;
    expect(await edgeCacheWithHost('/en/launchpad', other)).toBe('MISS');
    let asks = 1;
    while ((await edgeCacheWithHost('/en/launchpad', other)) !== 'HIT')
      expect(++asks).toBeLessThan(8);
    expect(
      await edgeCacheWithHost('/en/launchpad', `127.0.0.1:${edgePort}`),
    ).toBe('HIT');
  });

  it('starts a new entry when the build id changes', async () => {
    await untilEdgeHit('/en/earning/savings');
    await edge?.reload('build-two');
    expect((await get('/en/earning/savings')).edge).toBe('MISS');
    // the process still has its copy: kept from the address's second request of this build
    expect(await untilEdgeHit('/en/earning/savings')).toBe(2);
  });
});

/** A GET to the edge with its target exactly as written (fetch would clean the path first). */
const raw = (target: string, headers: Record<string, string> = {}) =>
  rawGet({
    port: edgePort,
    target,
    headers: { 'user-agent': PERSON_UA, ...headers },
  });

describe('the hostile review, replayed (issue 40)', () => {
  it.each([
    ['//ja-JP/tax-api', '/ja-JP/tax-api'],
    ['/de-DE/%66eediscount', '/de-DE/feediscount'],
    ['/en/./launchpad/', '/en/launchpad'],
    ['/EN/launchpad//', '/en/launchpad'],
  ])(
    'a redirect for %s is never stored as the page %s',
    async (hostile, clean) => {
      // the attacker asks as often as it takes the edge to keep whatever it was given
      for (let i = 0; i < 5; i++) {
        const res = await raw(hostile, { 'accept-encoding': 'br' });
        expect(res.status, hostile).toBe(308);
      }
      for (let i = 0; i < 5; i++) {
        const res = await raw(clean, { 'accept-encoding': 'br' });
        expect(res.status, clean).toBe(200);
        expect(res.headers.location).toBeUndefined();
      }
    },
  );

  it.each(['unbind-google2fa', 'official-verify'])(
    "attacker text in a differently spelt parameter never reaches another address's page (%s)",
    async (page) => {
      const [name, value] =
        page === 'unbind-google2fa'
          ? ['ticket', 'T-1001']
          : ['value', 'T-1001'];
      const upper = name.toUpperCase();
      for (let i = 0; i < 5; i++)
        await raw(`/ja-JP/${page}?${upper}=${value}&${name}=ATTACKER-TEXT-42`);
      for (let i = 0; i < 5; i++) {
        const res = await raw(`/ja-JP/${page}?${name}=${value}`);
        expect(res.status).toBe(200);
        expect(res.body).not.toContain('ATTACKER-TEXT-42');
      }
    },
  );

  it('hands no one a nonce that another visitor was given', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get('/vi-VN/tax-api');
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const shared = (res.headers.get('cache-control') ?? '').includes(
        'public',
      );
      // a shared answer's CSP names hashes; a nonce only on a private answer, never twice
      if (shared) expect(nonce, csp).toBeUndefined();
      if (nonce) {
        expect(shared).toBe(false);
        expect(nonces).not.toContain(nonce);
        nonces.push(nonce);
      }
    }
    expect((await get('/vi-VN/tax-api')).edge).toBe('HIT');
  });
});

describe('rolling restart', () => {
  it('restarts one of two processes under a full render load with 0 errors and 0 5xx', async () => {
    let answered = 0;
    const run = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
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
        },
        (error: unknown, result) =>
          error
            ? reject(new Error('the load run failed', { cause: error }))
            : resolve(result),
      );
      instance.on('response', () => (answered += 1));
    });
    const first = servers[0];
    if (!first) throw new Error('no server');
    // the load is in full swing: every connection has had answers before one process stops
    await expect
      .poll(() => answered, { timeout: 10_000, interval: 50 })
      .toBeGreaterThanOrEqual(48);
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
    await untilEdgeHit('/de-DE/launchpad');
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
    // the API's paths: the envelope; a file's: a short text; both with the security headers
    for (const [address, type] of [
      ['/api/v1/market/tickers', 'application/json'],
      ['/api/v1/launchpad/projects?x=1', 'application/json'],
      ['/assets/no-such-file.js', 'text/plain'],
      ['/robots.txt', 'text/plain'],
    ] as const) {
      const res = await fetch(`${edgeOrigin}${address}`, {
        headers: { 'user-agent': PERSON_UA },
      });
      expect(res.status, address).toBe(503);
      expect(res.headers.get('content-type'), address).toBe(
        `${type}; charset=utf-8`,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe(errorPageCsp());
      for (const [name, value] of Object.entries(EDGE_SECURITY_HEADERS))
        expect(res.headers.get(name), `${address} ${name}`).toBe(value);
      const body = await res.text();
      if (type === 'application/json')
        expect(JSON.parse(body)).toMatchObject({ ret_code: 503, result: null });
      else expect(body).toMatch(/^503 /);
    }
    // the page's own address is not one a visitor can ask for
    expect((await fetch(`${edgeOrigin}${UNAVAILABLE_PATH}`)).status).toBe(404);
    // the French and Japanese pages are not the English one
    expect((await errorPageTexts('fr-FR')).title).not.toBe(
      (await errorPageTexts('en')).title,
    );
  });
});
