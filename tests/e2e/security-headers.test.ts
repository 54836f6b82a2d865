import { connect } from 'node:net';

import { beforeAll, describe, expect, inject } from 'vitest';

import { it, PERSON_UA } from '../helpers/browser.ts';

const base = inject('baseURL');

const REQUIRED = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];

const head = async (path: string) => {
  const res = await fetch(`${base}${path}`, {
    headers: { 'user-agent': PERSON_UA },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res;
};

/** Sends raw bytes to the site and reads the whole answer (asked to close the connection). */
const raw = (request: string | Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.end(request);
  });
const statusOf = (answer: string) => Number(answer.slice(9, 12));
const hasHeader = (answer: string, name: string) =>
  new RegExp(`\r\n${name}:`, 'i').test(answer.split('\r\n\r\n')[0] ?? '');

describe('answers made beneath the middleware chain (issue 29)', () => {
  const host = () => new URL(base).host;
  it.each([
    [
      'a lower-case method',
      () => `get /en HTTP/1.1\r\nHost: ${host()}\r\n\r\n`,
      400,
    ],
    [
      'a backslash in the path',
      () =>
        `GET /en\\x HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
      400,
    ],
    [
      'a 40 KB Cookie',
      () =>
        `GET /en HTTP/1.1\r\nHost: ${host()}\r\nCookie: a=${'x'.repeat(40_000)}\r\n\r\n`,
      431,
    ],
    [
      'a 64 KB path',
      () => `GET /${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`,
      431,
    ],
    [
      'an invalid Host',
      () =>
        'GET /en/fee-discount HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
      400,
    ],
  ])('%s: %i with every security header', async (_name, request, status) => {
    const answer = await raw(request());
    expect(statusOf(answer)).toBe(status);
    for (const name of [...REQUIRED, 'x-frame-options'])
      expect(hasHeader(answer, name), name).toBe(true);
  });

  it('an invalid Host gets the same answer whether or not the page is cached', async () => {
    const path = '/en/launchpad';
    // warm the guest cache with a valid Host until it answers from the cache (it is filled
    // once the first answer is complete)
    await expect
      .poll(async () => (await head(path)).headers.get('x-cache'), {
        timeout: 10_000,
        interval: 200,
      })
      .toBe('HIT');
    const answer = await raw(
      `GET ${path} HTTP/1.1\r\nHost: a b\r\nUser-Agent: ${PERSON_UA}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(400);
    expect(answer).not.toContain('<html');
  });
});

describe('security headers on every response', () => {
  let asset = '';
  beforeAll(async () => {
    const html = await (
      await fetch(`${base}/en`, { headers: { 'user-agent': PERSON_UA } })
    ).text();
    asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? '';
  });

  it.each([
    ['a page', '/en/launchpad'],
    ['a page again (guest cache)', '/en/launchpad'],
    ['the 404 page', '/en/no-such-page'],
    ['a redirect', '/'],
    ['a bad request', '/en/%E0%A4%A'],
    ['a static file', '/favicon.svg'],
    ['robots.txt', '/robots.txt'],
    ['the sitemap', '/sitemap.xml'],
    ['the health probe', '/healthz'],
    ['the API proxy', '/api/v1/market/tickers'],
  ])('%s', async (_, path) => {
    const res = await head(path);
    for (const name of REQUIRED)
      expect(res.headers.get(name), `${name} on ${path}`).toBeTruthy();
    expect(res.headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('a hashed asset is immutable and served precompressed', async () => {
    expect(asset).toBeTruthy();
    const res = await fetch(`${base}${asset}`, {
      headers: { 'accept-encoding': 'br' },
    });
    await res.arrayBuffer();
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    for (const name of REQUIRED)
      expect(res.headers.get(name), name).toBeTruthy();
  });
});

describe('the CSP lets the app run and nothing else', () => {
  it('hydrates a fresh render (nonce) and a cached one (hashes) without violations', async ({
    open,
  }) => {
    const { page, problems } = await open();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) =>
      violations.push(v),
    );
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (
          window as unknown as { reportViolation: (v: string) => void }
        ).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    for (const path of ['/fr-FR/feediscount', '/fr-FR/feediscount']) {
      await page.goto(`${base}${path}`);
      await page.waitForFunction(
        () => document.documentElement.dataset.hydrated === 'true',
      );
    }
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
