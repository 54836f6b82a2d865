import { request } from 'node:http';

import { describe, expect, inject, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import { fromGuestCache } from '../helpers/guest-cache.ts';
import { ownStack } from '../helpers/own-stack.ts';

const base = inject('baseURL');
const APP_UA = 'ExchangeApp/3.12.0 (android)';

const send = async (
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  origin = base,
) => {
  const res = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: { 'user-agent': PERSON_UA, ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/** A request fetch() refuses to send (TRACE, a Host of our own), over node:http. */
const raw = (
  method: string,
  path: string,
  // from the site itself: a TRACE from elsewhere is refused before (403)
  headers: Record<string, string> = { origin: base },
) =>
  new Promise<{ status: number; allow: string | undefined }>(
    (resolve, reject) => {
      const req = request(
        `${base}${path}`,
        { method, headers: { 'user-agent': PERSON_UA, ...headers } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              allow: res.headers.allow,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );

/** Fresh URLs: the guest cache has never seen them. */
let n = 0;
const fresh = (path: string) => `${path}?t=${Date.now()}-${++n}`;

describe('HEAD', () => {
  // one render at a time and a long wait for a turn: a HEAD that kept its turn would hold the
  // next page for a minute
  const own = ownStack({
    env: { RENDER_CONCURRENCY: '1', RENDER_MAX_WAIT_MS: '60000' },
  });

  it('hands the render turn back: pages after many HEADs render at once', async () => {
    for (let i = 0; i < 5; i++) {
      const head = await send(
        fresh('/en/launchpad'),
        { method: 'HEAD' },
        own.origin,
      );
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toContain('text/html');
      expect(head.body).toBe('');
      const rsc = await send(
        fresh('/RSC/R/en/launchpad.txt'),
        { method: 'HEAD' },
        own.origin,
      );
      expect(rsc.status).toBe(200);
    }
    const started = performance.now();
    const page = await send(fresh('/ja-JP/launchpad'), {}, own.origin);
    expect(page.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each([
    '/robots.txt',
    '/sitemap.xml',
    '/sitemaps/en-1.xml',
    '/sitemaps/en.xml',
  ])('answers HEAD %s like its GET, without a body', async (path) => {
    const get = await send(path);
    const head = await send(path, { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.status).toBeLessThan(500);
    expect(head.headers.get('content-type')).toBe(
      get.headers.get('content-type'),
    );
    expect(head.body).toBe('');
  });
});

describe('methods a path does not take', () => {
  it.each([
    ['PUT', '/en/launchpad'],
    ['PATCH', '/ja-JP/launchpad/aurora-chain'],
    ['DELETE', '/en'],
    ['POST', '/sitemap.xml'],
    ['DELETE', '/robots.txt'],
  ])('%s %s is a 405 with Allow, never a page', async (method, path) => {
    const res = await send(path, { method, headers: { origin: base } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body).not.toContain('<html');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['/en/launchpad', 'GET, HEAD'],
    ['/RSC/R/en/launchpad.txt', 'GET, HEAD, POST'],
    ['/api/v1/market', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
  ])('TRACE %s is a 405', async (path, allow) => {
    expect(await raw('TRACE', path)).toEqual({ status: 405, allow });
  });

  // issue 29: one answer for a method a path does not take, whatever the Origin
  it.each([
    ['POST', '/en/launchpad'],
    ['PUT', '/healthz'],
    ['DELETE', '/readyz'],
    ['PATCH', '/healthz'],
    ['PROPFIND', '/readyz'],
    ['POST', '/readyz'],
  ])('%s %s without an Origin is a 405 with Allow', async (method, path) => {
    const res = await send(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each(['/healthz', '/readyz'])('TRACE %s is a 405', async (path) => {
    expect(await raw('TRACE', path, {})).toEqual({
      status: 405,
      allow: 'GET, HEAD',
    });
  });

  it.each(['/healthz', '/readyz'])(
    'OPTIONS %s is a 204 with Allow',
    async (path) => {
      const res = await send(path, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    },
  );

  it('OPTIONS on a page says what it takes', async () => {
    const res = await send('/en/launchpad', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the guest cache holds nothing personal', () => {
  it.each([
    '/de-DE/unbind-google2fa',
    '/en/redEnvelopes/receive?code=WELCOME2026',
    '/en/snooker/snooker-masters-2026',
  ])('%s is the same document for the app and for a browser', async (path) => {
    const url = `${path}${path.includes('?') ? '&' : '?'}ua=${++n}`;
    const app = await send(url, { headers: { 'user-agent': APP_UA } });
    expect(app.status).toBe(200);
    expect(app.body).not.toMatch(/"platform"|android/);
    const browser = await send(url);
    expect(browser.body).not.toMatch(/"platform"|android/);
  });

  it.each(['b_t_c_k_test1 =abc', ' b_t_c_k_test1=abc', 'x=1;b_t_c_k=abc'])(
    'a render for the cookie %j is never served to a guest',
    async (cookie) => {
      const url = '/ko-KR/launchpad';
      // twice: the second ask stores the session variant (issue 23)
      await send(url, { headers: { cookie } });
      const personal = await send(url, { headers: { cookie } });
      expect(personal.headers.get('cache-control')).toBe('private, no-cache');
      expect(personal.body).not.toContain('zmx-pv-login');
      // a guest's render is private (its own nonce); from the second ask on, the stored guest
      // copy answers, and that one is public
      for (let i = 0; i < 3; i++) {
        const guest = await send(url);
        expect(guest.body).toContain('zmx-pv-login');
        expect(guest.headers.get('cache-control')).toBe(
          fromGuestCache(guest)
            ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
            : 'private, no-cache',
        );
      }
      expect(fromGuestCache(await send(url))).toBe(true);
    },
  );
});

describe('statuses and redirects', () => {
  it('/404 itself is a 404, and a short plain answer for bots', async () => {
    const person = await send('/404');
    expect(person.status).toBe(404);
    expect(person.headers.get('cache-control')).toBe('no-store');
    const bot = await send('/404', {
      headers: {
        'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      },
    });
    expect(bot.status).toBe(404);
    expect(bot.body).toBe('404 Not Found\n');
  });

  it('a redirect keeps the query string and carries no body', async () => {
    const res = await send('/en/earn?utm_source=mail&x=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(
      '/en/earning/savings?utm_source=mail&x=1',
    );
    expect(res.body).toBe('');
  });

  it('an unknown page payload is not kept by any cache', async () => {
    const unknown = await send('/RSC/R/en/no-such-page.txt');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expect(unknown.body).toContain('Page Not Found');
  });

  it.each([
    ['/e%6E/launchpad', '/en/launchpad'],
    ['/en/launchpad/aurora%2Dchain?x=1', '/en/launchpad/aurora-chain?x=1'],
  ])('%s is sent to its one spelling', async (path, location) => {
    // even while the page it spells is in the guest cache
    await send(location);
    await send(location);
    const res = await send(path);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(location);
  });

  it('a long Host is not a long URL', async () => {
    const res = await raw('GET', '/en', {
      host: `${'h'.repeat(2100)}.example`,
    });
    expect(res.status).toBe(200);
  });
});

describe('payloads and encodings', () => {
  it('an RSC payload is text/x-component and is cached for guests', async () => {
    const url = fresh('/RSC/R/en/launchpad.txt');
    const first = await send(url);
    expect(first.headers.get('content-type')).toMatch(/^text\/x-component/);
    // stored the second time it is asked for, once compressed (decision 0013)
    await expect
      .poll(async () => (await send(url)).headers.get('x-cache'))
      .toBe('HIT');
    const second = await send(url);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toBe(first.body);
  });

  it.each([
    ['br;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, identity', null],
    ['BR', 'br'],
  ])('Accept-Encoding %j is answered with %s', async (accept, encoding) => {
    for (const url of [fresh('/en/launchpad'), '/en/launchpad']) {
      const res = await fetch(`${base}${url}`, {
        headers: { 'user-agent': PERSON_UA, 'accept-encoding': accept },
      });
      await res.arrayBuffer();
      expect(res.headers.get('content-encoding'), url).toBe(encoding);
    }
  });
});

describe('byte ranges on static files', () => {
  const asset = async () => {
    const html = (await send('/en')).body;
    const src = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    return src ?? '';
  };
  /** Bytes, not characters: a chunk may hold non-ASCII text. */
  const bytes = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      headers: {
        'user-agent': PERSON_UA,
        'accept-encoding': 'identity',
        ...headers,
      },
    });
    return {
      status: res.status,
      headers: res.headers,
      length: (await res.arrayBuffer()).byteLength,
    };
  };

  it('one valid range is a 206 of those bytes', async () => {
    const path = await asset();
    const size = (await bytes(path)).length;
    const res = await bytes(path, { range: 'bytes=0-9' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(res.length).toBe(10);
  });

  it.each([
    [{ range: 'bytes=abc' }],
    [{ range: 'items=0-5' }],
    [{ range: 'bytes=0-1,5-6' }],
    [{ range: 'bytes=5-2' }],
    [{ range: 'BYTES=0-9' }],
    [{ range: 'bytes=0-9', 'if-range': '"an-old-version"' }],
  ])(
    '%j is ignored: a 200 of the whole file, no Content-Range',
    async (headers) => {
      const path = await asset();
      const size = (await bytes(path)).length;
      const res = await bytes(path, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBeNull();
      expect(res.length).toBe(size);
    },
  );

  it('a range past the end is a 416 with the size', async () => {
    const path = await asset();
    const size = (await bytes(path)).length;
    const res = await bytes(path, { range: `bytes=${size + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
  });
});

describe('the locale cookie on a production host', () => {
  const own = ownStack({
    siteOrigin: (port) => `http://www.example-exchange.com:${port}`,
  });

  /** A page over node:http with a Host of the site's own (fetch() cannot set Host). */
  const page = (path: string, host: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        `${own.origin}${path}`,
        { headers: { host, 'user-agent': PERSON_UA } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('is written for the parent domain (spec §9), so every host of the exchange shares it', async () => {
    const html = await page(
      '/en/launchpad',
      `www.example-exchange.com:${own.port}`,
    );
    const cookies = [...html.matchAll(/data-cookie="([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(cookies.length).toBeGreaterThanOrEqual(11);
    for (const cookie of cookies)
      expect(cookie).toMatch(
        /^i18n_redirected=[a-zA-Z-]+; Max-Age=31536000; Domain=\.example-exchange\.com; Path=\/; SameSite=Lax$/,
      );
  });

  it('is host-only on a local host', async () => {
    const html = (await send('/en/launchpad')).body;
    const cookie = /data-cookie="([^"]*)"/.exec(html)?.[1];
    expect(cookie).toMatch(/^i18n_redirected=/);
    expect(cookie).not.toMatch(/Domain=/);
  });
});
