import { connect } from 'node:net';

import { beforeAll, describe, expect, inject, it } from 'vitest';

import {
  getLocaleEntry,
  INDEXABLE_LOCALES,
  LOCALE_CODES,
  type Locale,
} from '../../src/i18n/locales.ts';
import {
  LOCALE_STRATEGIES,
  type LocaleStrategy,
} from '../../src/i18n/routing.ts';
import { ROUTES, routePath, type RouteEntry } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { htmlLang, htmlTitle, linkHref } from '../helpers/html.ts';
import { ownStack } from '../helpers/own-stack.ts';
import { readSitemaps } from '../helpers/sitemap.ts';

/**
 * Issue 26: every address a person or a crawler types for a page of the route table lands on
 * it in at most one hop, under both locale strategies — the route table × the locales × the URL
 * forms (no prefix, a prefix in another case, a bare language, an alias, the legacy en-US, a
 * query, a trailing slash, all of it at once).
 */
const BOT_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const shared = { origin: '' };
const except = ownStack({
  env: { LOCALE_STRATEGY: 'prefix_except_default' },
});
beforeAll(() => {
  shared.origin = inject('baseURL');
});
const originOf = (strategy: LocaleStrategy) =>
  strategy === 'prefix' ? shared.origin : except.origin;

const get = (
  origin: string,
  path: string,
  headers: Record<string, string> = {},
) =>
  fetch(`${origin}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': PERSON_UA, ...headers },
  });

/** One key per keyed route, read from the sitemap (which reads the data layer). */
const keysFrom = async (origin: string) => {
  const { files } = await readSitemaps(origin);
  const locs = [...files.values()].flatMap((xml) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''),
  );
  const keys = new Map<string, string>();
  for (const route of ROUTES) {
    if (!('param' in route)) continue;
    const prefix = `${origin}${routePath('ja-JP', route.id, '')}`;
    const loc = locs.find((u) => u.startsWith(prefix));
    if (loc) keys.set(route.id, loc.slice(prefix.length));
  }
  return keys;
};

/** The route path after the locale prefix, with its literal segments in upper case. */
const shouted = (route: RouteEntry, key: string | undefined) =>
  route.path
    .split('/')
    .map((part) => (part.startsWith('[') ? (key ?? '') : part.toUpperCase()))
    .join('/');

type Form = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Where it must land: a locale's page, with this query. */
  locale: Locale;
  query?: string;
};

/** The URL forms of issue 26 for one route, for a visitor whose language is Japanese. */
const formsOf = (
  route: RouteEntry,
  key: string | undefined,
  strategy: LocaleStrategy,
): Form[] => {
  const rest = routePath('ja-JP', route.id, key).slice('/ja-JP'.length);
  const loud = shouted(route, key);
  const unprefixed: Locale = strategy === 'prefix' ? 'ja-JP' : 'en';
  const japanese = { 'accept-language': 'ja' };
  return [
    { name: 'table spelling', path: `/ja-JP${rest}`, locale: 'ja-JP' },
    {
      name: 'no prefix',
      path: rest || '/',
      headers: japanese,
      locale: unprefixed,
    },
    {
      name: 'no prefix, lower-case cookie',
      path: rest || '/',
      headers: { cookie: 'i18n_redirected=ja-jp', 'accept-language': 'ko' },
      locale: unprefixed,
    },
    {
      name: 'no prefix, query, trailing slash',
      path: `${rest}/?coin=BTC`,
      headers: japanese,
      locale: unprefixed,
      query: '?coin=BTC',
    },
    { name: 'lower-case prefix', path: `/ja-jp${rest}`, locale: 'ja-JP' },
    {
      name: 'upper-case prefix and route',
      path: `/JA-JP${loud}`,
      locale: 'ja-JP',
    },
    { name: 'bare language', path: `/ja${rest}`, locale: 'ja-JP' },
    { name: 'bare zh', path: `/zh${rest}`, locale: 'zh-MY' },
    { name: 'alias zh-CN', path: `/zh-CN${rest}`, locale: 'zh-MY' },
    { name: 'EN', path: `/EN${rest}`, locale: 'en' },
    { name: 'en', path: `/en${rest}`, locale: 'en' },
    { name: 'legacy en-US', path: `/en-US${rest}`, locale: 'en-US' },
    { name: 'legacy en-us', path: `/en-us${rest}`, locale: 'en-US' },
    {
      name: 'everything at once',
      path: `/%4A%41-jp/${loud}/?coin=BTC`.replace('//?', '/?'),
      locale: 'ja-JP',
      query: '?coin=BTC',
    },
  ];
};

describe.each(LOCALE_STRATEGIES)('locale addresses under %s', (strategy) => {
  let origin = '';
  let keys = new Map<string, string>();
  beforeAll(async () => {
    origin = originOf(strategy);
    keys = await keysFrom(origin);
  });
  const keyOf = (route: RouteEntry) =>
    'param' in route ? keys.get(route.id) : undefined;

  for (const route of ROUTES) {
    it(`${route.id}: every URL form lands on the page in one hop, with its language`, async () => {
      const key = keyOf(route);
      if ('param' in route) expect(key, `a key for ${route.id}`).toBeTruthy();
      for (const form of formsOf(route, key, strategy)) {
        const wanted = `${routePath(form.locale, route.id, key, strategy)}${form.query ?? ''}`;
        const label = `${strategy} ${route.id} ${form.name} ${form.path}`;
        const first = await get(origin, form.path, form.headers);
        let final = first;
        if (form.path !== wanted) {
          expect([302, 308], label).toContain(first.status);
          expect(first.headers.get('location'), label).toBe(wanted);
          expect(await first.text(), label).toBe('');
          final = await get(origin, wanted, form.headers);
        }
        expect(final.status, label).toBe(200);
        const html = await final.text();
        expect(htmlLang(html), label).toBe(
          getLocaleEntry(form.locale).hreflang,
        );
      }
    });
  }

  it('every locale in every case, and with no prefix, goes to its spelling (status and Location)', async () => {
    for (const route of ROUTES) {
      const key = keyOf(route);
      for (const locale of LOCALE_CODES) {
        const wanted = routePath(locale, route.id, key, strategy);
        const rest = routePath(locale, route.id, key, 'prefix').slice(
          locale.length + 1,
        );
        for (const spelling of [locale.toLowerCase(), locale.toUpperCase()]) {
          const path = `/${spelling}${rest}`;
          const res = await get(origin, path);
          if (path === wanted) {
            expect(res.status, path).toBe(200);
            continue;
          }
          expect(res.status, path).toBe(308);
          expect(res.headers.get('location'), path).toBe(wanted);
        }
        if (!INDEXABLE_LOCALES.includes(locale) || rest === '') continue;
        const unprefixed = await get(origin, rest, {
          cookie: `i18n_redirected=${locale.toLowerCase()}`,
        });
        if (strategy === 'prefix') {
          expect(unprefixed.status, rest).toBe(302);
          expect(unprefixed.headers.get('location')).toBe(wanted);
        } else expect(unprefixed.status, rest).toBe(200);
      }
    }
  });

  it('the negotiated redirect varies by the visitor and is never shared; bots get it too', async () => {
    if (strategy !== 'prefix') return;
    for (const ua of [PERSON_UA, BOT_UA]) {
      const res = await fetch(`${origin}/launchpad?coin=BTC`, {
        redirect: 'manual',
        headers: { 'user-agent': ua, 'accept-language': 'ko' },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/ko-KR/launchpad?coin=BTC');
      expect(res.headers.get('vary')).toMatch(/Cookie.*Accept-Language/);
      expect(res.headers.get('cache-control')).toMatch(/private/);
    }
  });

  it('an unprefixed address that is no page is a 404 in the visitor language', async () => {
    const res = await get(origin, '/no-such-page', {
      'accept-language': 'ko',
    });
    expect(res.status).toBe(404);
    expect(htmlLang(await res.text())).toBe(
      strategy === 'prefix' ? 'ko-KR' : 'en',
    );
    const prefixed = await get(origin, '/JA-JP/no-such-page');
    expect(prefixed.status).toBe(404);
    expect(htmlLang(await prefixed.text())).toBe('ja-JP');
  });

  it('every link of a page (navigation, language menu, footer, brand) is spelled by the strategy: 200, no hop', async () => {
    const checked = new Set<string>();
    for (const locale of ['en', 'ja-JP', 'en-US'] as const)
      for (const id of ['home', 'launchpad'] as const) {
        const html = await (
          await get(origin, routePath(locale, id, undefined, strategy))
        ).text();
        const hrefs = [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)]
          .map((m) => (m[1] ?? '').replace(/&amp;/g, '&'))
          .filter((href) => !href.startsWith('/api/'));
        expect(hrefs.length).toBeGreaterThan(10);
        for (const href of hrefs) {
          if (checked.has(href)) continue;
          checked.add(href);
          const res = await get(origin, href);
          expect(res.status, `${href} on ${locale} ${id}`).toBe(200);
          await res.body?.cancel();
        }
      }
    if (strategy === 'prefix_except_default')
      expect([...checked].filter((h) => /^\/en(?:\/|$|\?)/.test(h))).toEqual(
        [],
      );
  });

  it('the page cache keeps the page at its address (a guest request after the stored one is a hit)', async () => {
    const path = routePath('en', 'savings', undefined, strategy);
    // admission: a page is stored the second time it is asked for, once compressed (decision 0013)
    const cacheResult = async (address: string, headers = {}) => {
      const res = await get(origin, address, headers);
      await res.text();
      return res.headers.get('x-cache');
    };
    await expect.poll(() => cacheResult(path)).toBe('HIT');
    const second = await get(origin, path);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(htmlLang(await second.text())).toBe('en');
    // `/` is the English home under prefix_except_default (kept), the negotiation under prefix
    if (strategy === 'prefix_except_default')
      await expect.poll(() => cacheResult('/')).toBe('HIT');
    const root = await get(origin, '/', { 'accept-language': 'ja' });
    if (strategy === 'prefix_except_default') {
      expect(root.headers.get('x-cache')).toBe('HIT');
      expect(htmlLang(await root.text())).toBe('en');
    } else expect(root.headers.get('location')).toBe('/ja-JP');
    // the redirect that depends on the visitor is never cached
    if (strategy === 'prefix')
      for (const [language, locale] of [
        ['ko', 'ko-KR'],
        ['ja', 'ja-JP'],
      ] as const) {
        const res = await get(origin, '/earning/savings', {
          'accept-language': language,
        });
        expect(res.headers.get('location')).toBe(`/${locale}/earning/savings`);
      }
  });

  it('a client navigation to a spelling the strategy does not use is redirected, never served or shared', async () => {
    const [path, location] =
      strategy === 'prefix'
        ? ['/RSC/R/launchpad.txt', '/ko-KR/launchpad']
        : ['/RSC/R/en/launchpad.txt', '/launchpad'];
    const res = await get(origin, path, { 'accept-language': 'ko' });
    const payload = await res.text();
    expect(payload).toContain(`\\"location\\":\\"${location}\\"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the 404 offers the nearest page of the table, in its language, linked from the table', async () => {
    for (const [path, headers, locale, id, label] of [
      ['/ja-JP/launchpd', {}, 'ja-JP', 'launchpad', 'ローンチパッド'],
      ['/earning/saving', { 'accept-language': 'ko' }, 'ko-KR', 'savings', ''],
      ['/de-DE/welcome/no-such-campaign', {}, 'de-DE', 'welcome', ''],
      ['/EN/feediscunt', {}, 'en', 'fee-discount', 'Did you mean'],
    ] as const) {
      const res = await get(origin, path, headers);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      // an unprefixed path is English under prefix_except_default, the visitor's under prefix
      const wantedLocale =
        strategy === 'prefix_except_default' && path === '/earning/saving'
          ? 'en'
          : locale;
      expect(htmlLang(html), path).toBe(getLocaleEntry(wantedLocale).hreflang);
      const suggestion =
        /<p class="error-suggestion"><a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(
          html,
        );
      expect(suggestion?.[1], path).toBe(
        routePath(wantedLocale, id, undefined, strategy),
      );
      expect(suggestion?.[2], path).toContain(label);
      const target = await get(origin, suggestion?.[1] ?? '');
      expect(target.status).toBe(200);
      await target.body?.cancel();
    }
    // nothing close: no suggestion; and the path asked for never becomes a link
    const far = await (await get(origin, '/en/no-such-page')).text();
    expect(far).not.toContain('error-suggestion');
    const hostile = await (
      await get(origin, '/en/launchpd%22%3E%3Cscript%3Ex')
    ).text();
    expect(hostile).not.toContain('<script>x');
  });

  it('bots get the same redirects as people, with no body', async () => {
    const forms = [
      ['/ja-jp/launchpad', { 'accept-language': 'ko' }],
      ['/ZH-CN/Launchpad/', { 'accept-language': 'ko' }],
      ['/en/LAUNCHPAD?x=1', { 'accept-language': 'ko' }],
      ['/launchpad?x=1', { 'accept-language': 'ko' }],
      ['/Earning/Savings', { cookie: 'i18n_redirected=th-th' }],
    ] as const;
    for (const [path, headers] of forms) {
      const person = await get(origin, path, headers);
      const bot = await get(origin, path, { ...headers, 'user-agent': BOT_UA });
      expect(bot.status, path).toBe(person.status);
      expect(bot.status, path).toBeGreaterThanOrEqual(200);
      expect(bot.headers.get('location'), path).toBe(
        person.headers.get('location'),
      );
      const [botBody, personBody] = [await bot.text(), await person.text()];
      if (person.status !== 200) {
        // a redirect: the same bytes but for each answer's own script nonce
        const withoutNonces = (body: string) =>
          body.replace(/nonce="[^"]*"/g, '');
        expect(withoutNonces(botBody), path).toBe(withoutNonces(personBody));
      } else {
        // the page itself (an unprefixed English address): the same page and language; a
        // person's copy may stream a section the bot's has in place (decision 0030)
        for (const read of [htmlLang, htmlTitle])
          expect(read(botBody), path).toBe(read(personBody));
        expect(linkHref(botBody, 'canonical'), path).toBe(
          linkHref(personBody, 'canonical'),
        );
      }
    }
  });

  it('a redirect never carries the asked path unescaped (raw request line)', async () => {
    const { hostname, port } = new URL(origin);
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          // written, not ended: the server answers, then closes (Connection: close)
          socket.write(
            `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${BOT_UA}\r\nConnection: close\r\n\r\n`,
          );
        });
        let answer = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
      });
    for (const target of [
      `/JA-JP/launchpad/"><script>alert(1)</script>`,
      `/Launchpad/'onmouseover='x'/?q="><svg>`,
      `/ja/welcome/<img>`,
    ]) {
      const answer = await raw(target);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, target).toMatch(/^HTTP\/1\.1 (30[28]|400|404)/);
      const location = /\r\nlocation: ([^\r]*)/i.exec(head)?.[1] ?? '';
      expect(location, target).not.toMatch(/[<>"\s]/);
      expect(body, target).not.toMatch(/<script|<svg|<img/);
    }
  });

  it("en-US keeps its canonical at English's address", async () => {
    const html = await (await get(origin, '/en-US/launchpad')).text();
    expect(linkHref(html, 'canonical')).toBe(
      `${origin}${routePath('en', 'launchpad', undefined, strategy)}`,
    );
  });
});
