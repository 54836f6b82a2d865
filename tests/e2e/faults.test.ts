import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { hitsUnder } from '../helpers/sandbox.ts';
import { sitemapPageUrls } from '../helpers/sitemap.ts';

/**
 * A site of its own with the page cache off and API answers kept for 1 ms: every page below is a
 * render that asks the API (a token cookie no longer skips the cache: sessions have a cached
 * variant, issue 23), and no render meets an answer the API gave before a fault.
 */
const uncached = ownStack({
  env: { PAGE_CACHE: 'off', API_CACHE_TTL_MS: '1' },
});
/** The server's own budget (SERVER_RETRY) plus rendering slack: no page may wait on the API longer. */
const PAGE_BUDGET_MS = 4000;

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${uncached.apiOrigin}/__sandbox/${path}`, {
    headers: { 'content-type': 'application/json' },
    ...init,
  });
const fault = (pathPrefix: string, kind: string, extra: object = {}) =>
  control('faults', {
    method: 'POST',
    body: JSON.stringify({ pathPrefix, kind, ...extra }),
  });

/** A page as a logged-in visitor sees it, rendered for this request. */
const page = async (path: string) => {
  const started = performance.now();
  const res = await fetch(`${uncached.origin}${path}`, {
    headers: { 'user-agent': PERSON_UA, cookie: 'b_t_c_k_test1=fault-test' },
  });
  const body = await res.text();
  return {
    status: res.status,
    body,
    headers: res.headers,
    ms: performance.now() - started,
  };
};

describe('API faults: pages answer within their budget, with defaults or an honest status', () => {
  beforeAll(async () => {
    await control('faults', { method: 'DELETE' });
  });
  afterAll(async () => {
    await control('faults', { method: 'DELETE' });
  });

  it('an API slower than the server budget: the home page renders with its defaults and a notice', async () => {
    await fault('/api/v1/market', 'delay', { ms: 8000 });
    const res = await page('/ko-KR');
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(PAGE_BUDGET_MS);
    expect(res.body).toContain('class="data-notice section-notice"');
    expect(res.body).toContain('<h1');
  });

  it.each([
    [
      '5xx',
      '/api/v1/savings',
      '/th-TH/earning/savings',
      { kind: 'status', status: 502 },
    ],
    ['the API down', '/api/v1/launchpad', '/ru-RU/launchpad', { kind: 'down' }],
  ])(
    '%s on a streamed section: 200, the rest of the page and the section notice in its place',
    async (_, prefix, path, spec) => {
      const { kind, ...extra } = spec;
      await fault(prefix, kind, extra);
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.ms).toBeLessThan(PAGE_BUDGET_MS);
      expect(res.body).toContain('<header class="page-intro"');
      expect(res.body).toContain('class="data-notice section-notice"');
      expect(res.body).not.toContain('id="error-title"');
      expect(res.body).not.toMatch(/SchemaError|TransportError|at \w+ \(/);
    },
  );

  it.each([
    [
      'a malformed envelope',
      '/api/v1/fee-discount',
      '/vi-VN/feediscount',
      { kind: 'malformed' },
    ],
    [
      'an oversized result',
      '/api/v1/careers',
      '/zh-MY/join_us',
      { kind: 'oversized' },
    ],
    ['the API down', '/api/v1/campaigns', '/ru-RU/welcome', { kind: 'down' }],
  ])(
    '%s on essential data: 503 with Retry-After and the localized screen',
    async (_, prefix, path, spec) => {
      const { kind, ...extra } = spec;
      await fault(prefix, kind, extra);
      const res = await page(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.ms).toBeLessThan(PAGE_BUDGET_MS);
      expect(res.body).toContain('id="error-title"');
      expect(res.body).not.toMatch(/SchemaError|TransportError|at \w+ \(/);
    },
  );

  it('the process keeps serving once the API is back', async () => {
    await control('faults', { method: 'DELETE' });
    expect((await page('/ru-RU/launchpad')).status).toBe(200);
    expect((await fetch(`${uncached.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${uncached.origin}/readyz`)).status).toBe(200);
  });
});

describe('during an API outage a page answers its last good copy (issue 29)', () => {
  // no guest cache and no API answer cache in the way: every request below renders and asks the API
  const own = ownStack({
    env: {
      GUEST_CACHE_TTL_MS: '1',
      API_CACHE_TTL_MS: '1',
      STALE_IF_ERROR_MS: '600000',
    },
  });
  const guest = async (path: string, ua = PERSON_UA) => {
    const res = await fetch(`${own.origin}${path}`, {
      headers: { 'user-agent': ua },
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  it('a visited page: 200 with its last figures and a localized notice; an unvisited one: the localized 503, bots a short one', async () => {
    const good = await guest('/de-DE/join_us');
    expect(good.status).toBe(200);
    // the copy is stored once the server's own read of the body ends, just after ours
    await new Promise((r) => setTimeout(r, 100));
    await fetch(`${own.apiOrigin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix: '/api/v1/careers', kind: 'down' }),
    });
    // the render meets the outage (API answers are kept for 1 ms here)
    const stale = await guest('/de-DE/join_us');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-store');
    expect(stale.body).toContain('data-stale-notice');
    expect(stale.body).toContain(
      'Live-Daten sind vorübergehend nicht verfügbar.',
    );
    expect(stale.body).not.toContain('id="error-title"');
    const none = await guest('/fr-FR/join_us');
    expect(none.status).toBe(503);
    expect(none.headers.get('retry-after')).toBe('30');
    expect(none.body).toContain('id="error-title"');
    const bot = await guest(
      '/ja-JP/join_us',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    expect(bot.status).toBe(503);
    expect(bot.body).toBe('503 Service Unavailable\n');
  });
});

describe('readiness', () => {
  // Pages answer during an outage (defaults, notices, last good copies): an API outage must not
  // take every process out of rotation (issue 41). The API's state is information in the body.
  it('/readyz stays ready while the API is down, and says the API is down', async () => {
    await fault('/healthz', 'down');
    try {
      await expect
        .poll(
          async () => {
            const res = await fetch(`${uncached.origin}/readyz`);
            return { status: res.status, body: (await res.json()) as unknown };
          },
          { timeout: 5000, interval: 100 },
        )
        .toEqual({ status: 200, body: { status: 'ready', api: 'down' } });
    } finally {
      await control('faults', { method: 'DELETE' });
    }
  });
});

describe('the sitemap when the API fails', () => {
  const own = ownStack({
    env: {
      SITEMAP_TTL_MS: '1000',
      SITEMAP_RETRY_MS: '500',
      API_CACHE_TTL_MS: '1',
    },
  });

  const sandboxFault = (body: object) =>
    fetch(`${own.apiOrigin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const clear = () =>
    fetch(`${own.apiOrigin}/__sandbox/faults`, { method: 'DELETE' });
  /** The index, and the launchpad project pages of all the files it names. */
  const sitemap = async () => {
    const res = await fetch(`${own.origin}/sitemap.xml`);
    const body = await res.text();
    const pages = res.ok ? await sitemapPageUrls(own.origin) : [];
    return {
      status: res.status,
      headers: res.headers,
      body,
      projects: pages.filter((u) => /\/launchpad\/[^/]+$/.test(u)).length,
    };
  };

  it('is a 503 (never a sitemap with pages left out) until it can be built, then keeps the last complete one', async () => {
    await sandboxFault({
      pathPrefix: '/api/v1/launchpad',
      kind: 'status',
      status: 503,
    });
    const down = await sitemap();
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(down.body).not.toContain('<sitemapindex');

    await clear();
    // the failed build's answer stands SITEMAP_RETRY_MS (500 ms); the next request builds again
    await expect
      .poll(async () => (await sitemap()).status, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(200);
    const up = await sitemap();
    expect(up.status).toBe(200);
    expect(up.projects).toBeGreaterThan(10);

    // the API fails again once the sitemap and the API answers it used have expired
    await sandboxFault({
      pathPrefix: '/api/v1/launchpad',
      kind: 'status',
      status: 503,
    });
    // every answer meanwhile is the complete sitemap; once it has expired (SITEMAP_TTL_MS, 1 s)
    // a request builds it again, and that build meets the failing API
    const answers: { status: number; projects: number }[] = [];
    await expect
      .poll(
        async () => {
          const { status, projects } = await sitemap();
          answers.push({ status, projects });
          return hitsUnder(own.apiOrigin, '/api/v1/launchpad');
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    const stale = await sitemap();
    expect(stale.status).toBe(200);
    expect(stale.projects).toBe(up.projects);
    expect(
      answers.filter((a) => a.status !== 200 || a.projects !== up.projects),
    ).toEqual([]);
    await clear();
  });
});
