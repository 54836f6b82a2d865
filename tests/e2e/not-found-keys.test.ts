import { describe, expect, it } from 'vitest';

import { routePath, type RouteId } from '../../src/routes.ts';
import { faultedRequests } from '../../src/sandbox/testing.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { injectFault } from '../helpers/sandbox.ts';

/**
 * Issue 23, flood (c): a key a keyed route's list lacks is answered from the 404 rendered once
 * (src/middleware/not-found-keys.ts). What it answers must be what a render answers — status,
 * headers, body — with only the nonce differing; a stack with the page cache off renders every
 * request and is the reference.
 */
const rendering = ownStack({ env: { PAGE_CACHE: 'off' } });
const served = ownStack();

const BOT_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const VARIANTS = {
  guest: { 'user-agent': PERSON_UA },
  session: { 'user-agent': PERSON_UA, cookie: 'b_t_c_k_test1=alice-token' },
  bot: { 'user-agent': BOT_UA },
} as const;
/** Per request, or the transport's: never part of what a page is. */
const TRANSPORT = new Set([
  'date',
  'x-request-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

const get = async (
  origin: string,
  path: string,
  headers: Record<string, string>,
) => {
  const res = await fetch(`${origin}${path}`, { headers, redirect: 'manual' });
  const body = await res.text();
  const nonce =
    /'nonce-([^']+)'/.exec(
      res.headers.get('content-security-policy') ?? '',
    )?.[1] ?? '';
  return {
    status: res.status,
    nonce,
    headers: [...res.headers]
      .filter(([name]) => !TRANSPORT.has(name))
      .map(
        ([name, value]) =>
          `${name}: ${value.replaceAll(nonce || '\u0000', 'NONCE').replaceAll(origin, 'ORIGIN')}`,
      ),
    body,
    // the body with its nonce and origin blanked, and its module preloads in one order (a
    // render lists first whichever client reference loaded first)
    page: body
      .replaceAll(nonce || '\u0000', 'NONCE')
      .replaceAll(origin, 'ORIGIN')
      .replace(/(?:<link rel="modulepreload"[^>]*\/>)+/g, (run) =>
        (run.match(/<link rel="modulepreload"[^>]*\/>/g) ?? []).sort().join(''),
      ),
  };
};

const randomKey = (prefix: string) =>
  `${prefix}${Math.random().toString(36).slice(2, 12)}`;

describe('a random key under a keyed route', () => {
  it('gets the 404 a render gives it: status, headers, body (3 routes × 3 locales × guest, session, bot)', async () => {
    const routes: RouteId[] = [
      'launchpad-project',
      'welcome-campaign',
      'lucky-draw',
    ];
    for (const route of routes)
      for (const locale of ['en', 'ja-JP', 'de-DE'] as const)
        for (const [variant, headers] of Object.entries(VARIANTS))
          // the first key fills the template, the next ones are answered from it
          for (const key of [
            randomKey('r-'),
            randomKey('Zz_'),
            randomKey('k'),
          ]) {
            const path = routePath(locale, route, key);
            const want = await get(rendering.origin, path, headers);
            const got = await get(served.origin, path, headers);
            const where = `${path} ${variant}`;
            expect(want.status, where).toBe(404);
            expect(got.status, where).toBe(404);
            expect(got.headers, where).toEqual(want.headers);
            expect(got.page, where).toBe(want.page);
            if (variant !== 'bot') {
              expect(got.body, where).toContain(path);
              // every nonce in the body is this answer's own
              expect(got.nonce, where).not.toBe('');
              for (const [, nonce] of got.body.matchAll(/nonce="([^"]*)"/g))
                expect(nonce, where).toBe(got.nonce);
            }
          }
  });

  it('costs no API lookup, while known keys still render (200, and 410 for a delisted one)', async () => {
    const prefix = '/api/v1/launchpad/projects/r-';
    const lookups = async (api: string) =>
      (await faultedRequests(api)).filter((r) => r.path.startsWith(prefix))
        .length;
    for (const stack of [served, rendering])
      await injectFault(stack.apiOrigin, {
        pathPrefix: prefix,
        kind: 'delay',
        ms: 0,
      });
    for (let i = 0; i < 20; i++) {
      const path = `/en/launchpad/${randomKey('r-')}`;
      expect((await get(served.origin, path, VARIANTS.guest)).status).toBe(404);
    }
    expect(await lookups(served.apiOrigin)).toBe(0);
    // the reference looks each key up: the count above could have been anything else
    for (let i = 0; i < 3; i++)
      await get(
        rendering.origin,
        `/en/launchpad/${randomKey('r-')}`,
        VARIANTS.guest,
      );
    expect(await lookups(rendering.apiOrigin)).toBe(3);

    const real = await get(
      served.origin,
      '/en/launchpad/aurora-chain',
      VARIANTS.guest,
    );
    expect(real.status).toBe(200);
    expect(real.body).toContain('Aurora');
    expect(
      (await get(served.origin, '/en/launchpad/mirage-fi', VARIANTS.guest))
        .status,
    ).toBe(410);
    expect(
      (await get(served.origin, '/ja-JP/welcome/newcomer', VARIANTS.guest))
        .status,
    ).toBe(200);
    expect(
      (
        await get(
          served.origin,
          '/ja-JP/snooker/snooker-masters-2026',
          VARIANTS.guest,
        )
      ).status,
    ).toBe(200);
  });

  it('sends a key a redirect rule names on, as the render does', async () => {
    // a template for the locale exists by now: the rule still wins over it
    for (const stack of [served, rendering]) {
      const res = await get(
        stack.origin,
        '/en/launchpad/aurora-old',
        VARIANTS.guest,
      );
      expect(res.status).toBe(308);
      expect(res.headers).toContain('location: /en/launchpad/aurora-chain');
    }
  });

  it('leaves bad input its answer: long keys, odd characters, encoded slashes', async () => {
    for (const path of [
      `/en/launchpad/${'k'.repeat(65)}`,
      `/en/launchpad/${'k'.repeat(3000)}`,
      '/en/launchpad/a%2Fb',
      '/en/launchpad/a%252Fb',
      '/en/launchpad/a.b',
      '/en/launchpad/%E2%80%AEevil',
      '/en/launchpad/%00',
      '/en/launchpad/a%20b',
      '/en/launchpad/r-1/',
      '/en/LAUNCHPAD/r-1',
      '/en/launchpad/r-1?utm_source=x',
    ]) {
      const want = await get(rendering.origin, path, VARIANTS.guest);
      const got = await get(served.origin, path, VARIANTS.guest);
      expect(got.status, path).toBe(want.status);
      expect(got.headers, path).toEqual(want.headers);
      expect(got.page, path).toBe(want.page);
    }
  });
});
