import { beforeAll, describe, expect, inject, it } from 'vitest';

import { getLocaleEntry, LOCALE_CODES } from '../../src/i18n/locales.ts';
import { ROUTES, routePath } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { htmlLang, htmlTitle, symbolsInText } from '../helpers/html.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { sitemapPageUrls } from '../helpers/sitemap.ts';

const base = inject('baseURL');
const BOT_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const get = (path: string, init: RequestInit & { ua?: string } = {}) =>
  fetch(`${base}${path}`, {
    redirect: 'manual',
    ...init,
    headers: {
      'user-agent': init.ua ?? PERSON_UA,
      ...(init.headers as Record<string, string> | undefined),
    },
  });

/** One key per keyed route, read from the sitemap (which reads the data layer). */
const keys = new Map<string, string>();

beforeAll(async () => {
  const locs = await sitemapPageUrls(base);
  for (const route of ROUTES) {
    if (!('param' in route)) continue;
    const prefix = `${base}${routePath('en', route.id, '')}`;
    const loc = locs.find((u) => u.startsWith(prefix));
    if (loc) keys.set(route.id, decodeURIComponent(loc.slice(prefix.length)));
  }
});

describe('every route × every locale', () => {
  for (const route of ROUTES) {
    it(`${route.id} answers 200 with its locale's lang, a title and no symbol character in all ${LOCALE_CODES.length} locales`, async () => {
      const key = 'param' in route ? keys.get(route.id) : undefined;
      if ('param' in route)
        expect(key, `a key for ${route.id} in the sitemap`).toBeTruthy();
      for (const locale of LOCALE_CODES) {
        const res = await get(routePath(locale, route.id, key));
        const html = await res.text();
        expect(res.status, `${locale} ${route.id}`).toBe(200);
        expect(htmlLang(html), `${locale} ${route.id}`).toBe(
          getLocaleEntry(locale).hreflang,
        );
        expect(
          htmlTitle(html)?.trim().length,
          `${locale} ${route.id} title`,
        ).toBeGreaterThan(3);
        expect(symbolsInText(html), `${locale} ${route.id} symbols`).toEqual(
          [],
        );
      }
    });
  }
});

describe('the three layouts (spec §2)', () => {
  it.each([
    ['/en', 'home'],
    ['/en/launchpad', 'default'],
    ['/fr-FR/earning/savings', 'default'],
    ['/en/unbind-google2fa', 'bare'],
    ['/ja-JP/ZCCCompetition2025', 'bare'],
    ['/de-DE/redEnvelopes/receive', 'bare'],
  ])('%s uses the %s layout', async (path, layout) => {
    const html = await (await get(path)).text();
    expect(html).toContain(`class="shell shell-${layout}"`);
    // the theme header (the site navigation) is in every layout but the bare one
    const nav = /<header[^>]*>(?:(?!<\/header>)[\s\S])*<nav/.test(html);
    expect(nav).toBe(layout !== 'bare');
  });
});

describe('not found', () => {
  it.each([
    ['unknown locale', '/xx-XX/launchpad'],
    ['unknown path', '/en/no-such-page'],
    ['unknown nested path', '/ja-JP/launchpad/1/extra'],
    ['unknown launchpad id', '/en/launchpad/does-not-exist'],
    ['unknown campaign', '/de-DE/welcome/no-such-campaign'],
    ['unknown lucky draw', '/ko-KR/snooker/no-such-draw'],
  ])('%s answers 404 with the localized page for people', async (_, path) => {
    const res = await get(path);
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<h1');
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it.each([
    ['/en/no-such-page', 'Page Not Found: /en/no-such-page'],
    ['/ja-JP/no-such-page', 'ページが見つかりません：/ja-JP/no-such-page'],
    [
      '/de-DE/launchpad/does-not-exist',
      'Seite nicht gefunden: /de-DE/launchpad/does-not-exist',
    ],
  ])('%s names the path that was asked for (spec §8)', async (path, text) => {
    const html = await (await get(path)).text();
    expect(html).toMatch(
      new RegExp(
        `<p class="error-path"[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`,
      ),
    );
  });

  it('drops invisible and direction-changing characters from the path it shows', async () => {
    const html = await (
      await get('/en/%E2%80%AEkcol%E2%80%8B-ti%E2%80%8Bnu')
    ).text();
    expect(html).toMatch(
      /<p class="error-path"[^>]*>Page Not Found: \/en\/kcol-tinu<\/p>/,
    );
  });

  it('shows an asked-for path as text, never as markup', async () => {
    const res = await get('/en/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(html).toContain(
      'Page Not Found: /en/&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    // no script element from it anywhere; the inlined payload escapes its closing tag
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<script>alert\(1\)<\/script/);
  });

  it('speaks the locale of the path', async () => {
    const html = await (await get('/ja-JP/no-such-page')).text();
    expect(htmlLang(html)).toBe('ja-JP');
    expect(html).not.toContain('Page Not Found');
  });

  it.each([
    ['/xx-XX/launchpad'],
    ['/en/no-such-page'],
    ['/en/launchpad/does-not-exist'],
  ])('bots get the status with a short plain body (%s)', async (path) => {
    const res = await get(path, { ua: BOT_UA });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect((await res.text()).length).toBeLessThan(64);
  });
});

describe('a configured root redirect (ROOT_REDIRECT)', () => {
  const own = ownStack({ env: { ROOT_REDIRECT: 'launchpad' } });

  it("sends / to that page of the visitor's locale", async () => {
    const res = await fetch(`${own.origin}/?ref=x`, {
      redirect: 'manual',
      headers: { 'user-agent': PERSON_UA, cookie: 'i18n_redirected=ko-KR' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ko-KR/launchpad?ref=x');
    const target = await fetch(`${own.origin}/ko-KR/launchpad`, {
      headers: { 'user-agent': PERSON_UA },
    });
    expect(target.status).toBe(200);
  });
});

describe('root negotiation', () => {
  const root = (headers: Record<string, string>) => get('/', { headers });

  it('uses the i18n_redirected cookie when it holds a supported locale', async () => {
    const res = await root({
      cookie: 'i18n_redirected=ko-KR',
      'accept-language': 'fr-FR',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ko-KR');
  });

  it('ignores an unsupported cookie value and negotiates Accept-Language', async () => {
    const res = await root({
      cookie: 'i18n_redirected=xx',
      'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5',
    });
    expect(res.headers.get('location')).toBe('/fr-FR');
  });

  it.each([
    ['ja', '/ja-JP'],
    ['zh-Hant-TW', '/zh-TW'],
    ['de-AT,de;q=0.8', '/de-DE'],
    ['es-419', '/es-MX'],
    ['pt-BR', '/en'],
    ['', '/en'],
    ['!!garbage;;', '/en'],
  ])('Accept-Language %j → %s', async (accept, location) => {
    const res = await root(accept ? { 'accept-language': accept } : {});
    expect(res.headers.get('location')).toBe(location);
  });

  it('varies by cookie and language and is never cached publicly', async () => {
    const res = await root({});
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('cache-control')).not.toMatch(/public/);
  });
});

describe('paths', () => {
  it('redirects a trailing slash to the slashless path', async () => {
    const res = await get('/en/launchpad/?a=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/en/launchpad?a=1');
  });

  it('collapses repeated slashes without leaving the site', async () => {
    const res = await get('//evil.example/en');
    expect([308, 404]).toContain(res.status);
    expect(res.headers.get('location') ?? '').not.toMatch(/^\/\//);
  });

  it('answers malformed percent-encoding with 400', async () => {
    const res = await get('/en/%E0%A4%A');
    expect(res.status).toBe(400);
  });

  it('/en-US serves English (the legacy alias) with its canonical on /en', async () => {
    const res = await get('/en-US/launchpad');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(`rel="canonical" href="${base}/en/launchpad"`);
  });
});
