import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';

const base = inject('baseURL');

/** What no response may contain: a stack trace, a Node internal path, reflected markup. */
const leaks = (body: string, probe?: string) => {
  const found: string[] = [];
  if (
    /\bat [\w.<>]+ \(.*:\d+:\d+\)/.test(body) ||
    /node:internal|\/dist\/server\//.test(body)
  )
    found.push('stack trace');
  if (probe && body.includes(probe)) found.push('reflected markup');
  return found;
};

const send = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': PERSON_UA, ...headers },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
};

const MARKUP = '<svg/onload=alert(1)>';
const segment = fc.oneof(
  fc.constantFrom(
    'en',
    'ja-JP',
    'launchpad',
    'welcome',
    'snooker',
    'RSC',
    'api',
    '..',
    '.',
    '%2e%2e',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '\\',
    '%5c',
    '%2F',
    '~',
    MARKUP,
  ),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.stringMatching(/^[\w\-.~%!$&'()*+,;=:@]{0,16}$/),
);
const path = fc
  .array(segment, { minLength: 0, maxLength: 5 })
  .map((parts) => `/${parts.join('/')}`);
const headerValue = (max: number) =>
  fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

describe('hostile input never gets a 5xx, a stack trace or reflected markup', () => {
  it('paths and percent-encodings', async () => {
    await fc.assert(
      fc.asyncProperty(path, async (p) => {
        const res = await send(p);
        expect(res.status, p).toBeLessThan(500);
        expect(leaks(res.body, MARKUP), p).toEqual([]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('query strings', async () => {
    const query = fc
      .array(
        fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })),
        { maxLength: 30 },
      )
      .map((pairs) =>
        pairs
          .map(
            ([k, v]) =>
              `${encodeURIComponent(k)}[${encodeURIComponent(v)}]=${encodeURIComponent(MARKUP)}`,
          )
          .join('&'),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/en/launchpad',
          '/ja-JP/announcement-info/contract-detail',
          '/',
        ),
        query,
        async (p, q) => {
          const res = await send(`${p}?${q}`);
          expect(res.status).toBeLessThan(500);
          expect(leaks(res.body, MARKUP)).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('headers: cookies, Accept-Language, user agents up to 16 KB, hosts', async () => {
    await fc.assert(
      fc.asyncProperty(
        headerValue(200),
        headerValue(120),
        fc.oneof(
          headerValue(300),
          fc
            .integer({ min: 1000, max: 16_384 })
            .map((n) => 'Mozilla/5.0 '.padEnd(n, 'x')),
        ),
        fc.constantFrom(
          '127.0.0.1',
          'evil.example',
          'localhost:1',
          '[::1]',
          'a'.repeat(300),
          '',
        ),
        fc.constantFrom('/', '/en', '/zh-TW/launchpad', '/nope'),
        async (cookie, acceptLanguage, ua, host, p) => {
          const headers: Record<string, string> = {
            cookie,
            'accept-language': acceptLanguage,
            'user-agent': ua,
          };
          if (host) headers['x-forwarded-host'] = host;
          const res = await send(p, headers);
          expect(res.status).toBeLessThan(500);
          expect(leaks(res.body)).toEqual([]);
          if (res.headers.get('location'))
            expect(res.headers.get('location')).toMatch(/^\/(?!\/)/);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the server is alive and correct after the fuzzing', async () => {
    const res = await send('/en/launchpad');
    expect(res.status).toBe(200);
    expect((await send('/healthz')).status).toBe(200);
  });
});

describe('no open redirects through paths', () => {
  it.each([
    '//evil.example',
    '//evil.example/en',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example/',
    '/https://evil.example',
    '/en//evil.example/',
    '/@evil.example',
    '///evil.example//',
  ])('%s stays on the site', async (p) => {
    const res = await send(p);
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get('location');
    if (location) {
      const target = new URL(location, base);
      expect(target.origin).toBe(base);
    }
  });
});

describe('limits', () => {
  it('a body over the limit is refused with 413, not buffered', async () => {
    // a path that takes POST (server functions): a page refuses the method first (405)
    const res = await fetch(`${base}/RSC/F/anything.txt`, {
      method: 'POST',
      body: 'x'.repeat(200 * 1024),
      headers: {
        'content-type': 'text/plain',
        origin: base,
        'user-agent': PERSON_UA,
      },
    });
    expect(res.status).toBe(413);
  });

  it('a cross-origin POST to the API is refused with 403', async () => {
    const res = await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(403);
  });

  it('a URL over 2048 characters answers 414', async () => {
    expect((await send(`/en/${'a'.repeat(3000)}`)).status).toBe(414);
  });

  it.each([
    ['/ja-JP/launchpad/%E0%A4%A', 400, 'ja-JP', '不正なリクエスト'],
    ['/de-DE/earning/savings?%ZZ=1', 400, 'de-DE', 'Ungültige Anfrage'],
    ['/ko-KR/earning/savings?coin%=BTC', 400, 'ko-KR', '잘못된 요청'],
    [`/th-TH/${'a'.repeat(3000)}`, 414, 'th-TH', 'ที่อยู่ยาวเกินไป'],
  ])(
    'a malformed address (%s) is refused (%i) with a page in the language of its path',
    async (path, status, lang, title) => {
      const res = await send(path);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain(`href="/${lang}"`);
      expect(leaks(res.body)).toEqual([]);
      // crawlers still get the short plain answer
      const bot = await send(path, {
        'user-agent':
          'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      expect(bot.status).toBe(status);
      expect(bot.headers.get('content-type')).toContain('text/plain');
    },
  );
});

describe('state-changing requests must come from the site', () => {
  it.each([
    [
      'a cross-origin POST to a page (server action)',
      '/RSC/F/anything.txt',
      'https://evil.example',
    ],
    ['a POST without Origin', '/api/v1/user/logout', undefined],
  ])('%s is refused with 403', async (_, p, origin) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        'user-agent': PERSON_UA,
        ...(origin ? { origin } : {}),
      },
    });
    expect(res.status).toBe(403);
  });

  it('a cross-origin POST to a page is a 405 with Allow (pages take no POST, whatever the Origin)', async () => {
    const res = await fetch(`${base}/en/launchpad`, {
      method: 'POST',
      body: '{}',
      headers: { 'user-agent': PERSON_UA, origin: 'null' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a same-origin POST to an unknown server function is a 400, not a 500', async () => {
    const res = await fetch(`${base}/RSC/F/anything.txt`, {
      method: 'POST',
      body: 'x',
      headers: {
        'content-type': 'text/plain',
        origin: base,
        'user-agent': PERSON_UA,
      },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
