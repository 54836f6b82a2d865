import { describe, expect, inject, it } from 'vitest';

import { siteUrls } from '../../bench/lib/site-urls.ts';
import { getLocaleEntry, localeFromPath } from '../../src/i18n/locales.ts';
import { matchRoute, type RouteId } from '../../src/routes.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { fromGuestCache } from '../helpers/guest-cache.ts';
import { htmlLang, linkHref } from '../helpers/html.ts';
import { ownStack } from '../helpers/own-stack.ts';

/**
 * Issue 23: the page cache keys an entry by host + page address (path and the query parameters
 * its route declares) + locale + the session bit. What a render produces must depend on nothing
 * else: not on who the user is, not on a parameter the page does not read.
 */
const base = inject('baseURL');
const LOCALES = ['en', 'ja-JP', 'de-DE'] as const;

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, {
    headers: { 'user-agent': PERSON_UA, ...headers },
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/**
 * A streamed document's inline RSC payload taken out of its HTML and put after it as one text:
 * where the payload's scripts fall between a page's streamed sections depends on when each
 * arrived, which says nothing about the user or the address; the HTML and the payload must
 * still be the same.
 */
const payloadAfterHtml = (body: string) => {
  const payload: string[] = [];
  const html = body.replace(
    /<script nonce="">\(self\.__FLIGHT_DATA\|\|=\[\]\)\.push\(("(?:[^"\\]|\\.)*")\)<\/script>/g,
    (_, text: string) => {
      payload.push(JSON.parse(text) as string);
      return '';
    },
  );
  return payload.length
    ? `${html}\n<!-- payload -->\n${payload.join('')}`
    : body;
};

/**
 * A body with its per-request parts blanked: the CSP nonce, the order of the module preloads
 * (whichever client reference a render loads first is listed first; it says nothing about the
 * user or the address) and where the payload's scripts fall in a streamed document.
 */
const withoutNonces = (body: string) =>
  payloadAfterHtml(
    body
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/'nonce-[^']*'/g, '')
      .replace(/(?:<link rel="modulepreload"[^>]*\/>)+/g, (run) =>
        (run.match(/<link rel="modulepreload"[^>]*\/>/g) ?? []).sort().join(''),
      ),
  );

/** The RSC payload address of a page path (Waku's route encoding). */
const payloadOf = (page: string) => `/RSC/R${page}.txt`;

/**
 * The client navigation to a page, with a tracking parameter beside its declared ones: the
 * payload names neither the parameter nor its value, and keeps the declared ones.
 */
const payloadWithoutMark = async (
  origin: string,
  path: string,
  declared: string,
) => {
  const inner = new URLSearchParams(
    `${declared}${declared ? '&' : ''}utm_source=zzqqmark`,
  ).toString();
  const rsc = await get(
    `${origin}${payloadOf(path)}?${new URLSearchParams({ query: inner }).toString()}`,
  );
  expect(rsc.status).toBe(200);
  expect(rsc.body).not.toContain('zzqqmark');
  if (declared) expect(rsc.body).toContain('BTC');
};

describe('renders are the same for every user (page cache off: each request renders)', () => {
  const own = ownStack({ env: { PAGE_CACHE: 'off' } });

  it('HTML and RSC payload are byte-identical for two users, for every route × 3 locales', async () => {
    const all = await siteUrls(own.origin);
    // one page per route and locale (keyed routes: a key the sitemap lists)
    const pages = new Map<string, string>();
    for (const path of all) {
      const locale = localeFromPath(path);
      if (!locale || !(LOCALES as readonly string[]).includes(locale)) continue;
      const route = matchRoute(path.slice(locale.length + 1))?.route.id;
      if (route && !pages.has(`${locale} ${route}`))
        pages.set(`${locale} ${route}`, path);
    }
    const routes = new Set<RouteId>(
      [...pages.keys()].map((k) => k.split(' ')[1] as RouteId),
    );
    expect(routes.size).toBeGreaterThan(10);
    for (const page of pages.values()) {
      for (const url of [page, payloadOf(page)]) {
        // one after the other, after a first render: the first render of a page, or renders side
        // by side, may list their module preloads in another order (whichever client reference
        // loads first), which says nothing about the user
        await get(`${own.origin}${url}`, { cookie: 'b_t_c_k_test1=first' });
        const alice = await get(`${own.origin}${url}`, {
          cookie: 'b_t_c_k_test1=alice-token',
        });
        const bob = await get(`${own.origin}${url}`, {
          cookie: 'theme=dark; b_t_c_k_test1=bob-other-token',
        });
        expect(alice.status, url).toBe(bob.status);
        expect(withoutNonces(alice.body), url).toBe(withoutNonces(bob.body));
        expect(alice.body).not.toContain('alice-token');
      }
    }
  });

  it('a parameter a page does not read never reaches its HTML, payload, canonical or hreflang', async () => {
    for (const page of ['/en/launchpad', '/ja-JP/earning/savings?coin=BTC']) {
      const [path = '', declared = ''] = page.split('?');
      const sep = declared ? '&' : '?';
      const tagged = `${page}${sep}utm_source=zzqqmark&gclid=yyxxmark`;
      const html = await get(`${own.origin}${tagged}`);
      expect(html.status).toBe(200);
      expect(html.body).not.toMatch(/zzqqmark|yyxxmark/);
      expect(linkHref(html.body, 'canonical')).not.toMatch(/mark/);
      const plain = await get(`${own.origin}${page}`);
      expect(withoutNonces(html.body)).toBe(withoutNonces(plain.body));
      await payloadWithoutMark(own.origin, path, declared);
    }
  });
});

describe('the page cache under concurrency', () => {
  it('never serves one locale, host or variant for another (3 rounds, all at once)', async () => {
    const hosts = ['127.0.0.1', 'localhost'];
    const port = new URL(base).port;
    // what each host and locale's page names as its canonical address, asked one at a time
    const canonical = new Map<string, string | undefined>();
    for (const host of hosts)
      for (const locale of LOCALES)
        canonical.set(
          `${host} ${locale}`,
          linkHref(
            (await get(`http://${host}:${port}/${locale}/launchpad`)).body,
            'canonical',
          ),
        );
    for (let round = 0; round < 3; round++) {
      const jobs = LOCALES.flatMap((locale) =>
        hosts.flatMap((host) =>
          [false, true].map(async (session) => {
            const res = await get(
              `http://${host}:${port}/${locale}/launchpad?x=${round}`,
              session ? { cookie: `b_t_c_k_test1=u-${round}` } : {},
            );
            return { locale, host, session, ...res };
          }),
        ),
      );
      for (const r of await Promise.all(jobs)) {
        const where = `${r.host} ${r.locale} session=${String(r.session)}`;
        expect(r.status, where).toBe(200);
        expect(htmlLang(r.body), where).toBe(getLocaleEntry(r.locale).hreflang);
        expect(linkHref(r.body, 'canonical'), where).toBe(
          canonical.get(`${r.host} ${r.locale}`),
        );
        expect(r.headers.get('cache-control'), where).toBe(
          r.session
            ? 'private, no-cache'
            : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
        );
        // the session variant draws the account placeholder, the guest one the buttons
        expect(r.body.includes('zmx-pv-login'), where).toBe(!r.session);
      }
    }
  });

  it('a declared parameter keys its own entry; an undeclared one never appears', async () => {
    const coins = ['BTC', 'ETH', 'USDT'];
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        coins.flatMap((coin) =>
          [1, 2, 3].map(async (n) => ({
            coin,
            ...(await get(
              `${base}/en/earning/savings?coin=${coin}&utm_source=mark${round}x${n}`,
            )),
          })),
        ),
      );
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.body).not.toMatch(/mark\dx\d/);
        // the chip of the coin asked for is the current one, and no other
        const current = [
          ...r.body.matchAll(/href="\?coin=([A-Z]+)" aria-current="page"/g),
        ].map((m) => m[1]);
        expect(current, r.coin).toEqual([r.coin]);
      }
    }
  });
});

describe('English without a prefix (LOCALE_STRATEGY=prefix_except_default)', () => {
  const own = ownStack({ env: { LOCALE_STRATEGY: 'prefix_except_default' } });

  it('an unprefixed page has its page address: a parameter it does not read reaches neither the key nor the render', async () => {
    for (const page of ['/launchpad', '/earning/savings?coin=BTC']) {
      const [path = '', declared = ''] = page.split('?');
      const sep = declared ? '&' : '?';
      // a different tracking value each time: one entry, stored at the second ask
      const asks = [];
      for (let i = 0; i < 3; i++)
        asks.push(
          await get(`${own.origin}${page}${sep}utm_source=zzqq${i}mark`),
        );
      for (const ask of asks) {
        expect(ask.status, page).toBe(200);
        expect(ask.body).not.toMatch(/zzqq\dmark/);
      }
      expect(asks[2]?.headers.get('x-cache'), page).toBe('HIT');
      await payloadWithoutMark(own.origin, path, declared);
    }
  });
});

describe('a cached page refuses what an uncached one refuses', () => {
  it('a malformed or oversized query is a 400 whether or not the page is cached', async () => {
    for (let i = 0; i < 3; i++) await get(`${base}/en`);
    expect(fromGuestCache(await get(`${base}/en`))).toBe(true);
    for (const query of [
      '?%zz=1',
      `?${'a&'.repeat(1000)}a`,
      '?a[b][c][d][e][f][g]=1',
    ]) {
      for (const page of ['/en', '/en/no-such-page']) {
        const res = await get(`${base}${page}${query}`);
        expect(res.status, `${page}${query.slice(0, 12)}`).toBe(400);
        expect(res.headers.get('x-cache')).toBeNull();
        expect(res.headers.get('content-security-policy')).toBeTruthy();
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
  });
});
