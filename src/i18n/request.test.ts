import { runInNewContext } from 'node:vm';

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import {
  cookieLocale,
  negotiateLocale,
  negotiateRoot,
  rootRedirectPath,
  storageRedirectPage,
} from './request.ts';

describe('negotiateLocale (intl-localematcher, best fit)', () => {
  it.each([
    [['ja'], 'ja-JP'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-TW'], 'zh-TW'],
    [['de-CH', 'en'], 'de-DE'],
    [['fr-CA'], 'fr-FR'],
    [['es-419'], 'es-MX'],
    [['en-GB'], 'en'],
    [['pt-BR'], 'en'],
    [[], 'en'],
    [['*'], 'en'],
    [['not a tag', '!!', 'ko-KR'], 'ko-KR'],
  ])('%j → %s', (requested, expected) => {
    expect(negotiateLocale(requested)).toBe(expected);
  });
});

describe('cookieLocale', () => {
  it('reads i18n_redirected, then LANG_KEY', () => {
    expect(cookieLocale('i18n_redirected=ko-KR')).toBe('ko-KR');
    expect(cookieLocale('LANG_KEY=ja-JP')).toBe('ja-JP');
    expect(cookieLocale('i18n_redirected=th-TH; LANG_KEY=ja-JP')).toBe('th-TH');
  });
  it('accepts only supported locales, and folds en-US into en', () => {
    expect(cookieLocale('i18n_redirected=xx-XX')).toBeUndefined();
    expect(cookieLocale('i18n_redirected=<script>')).toBeUndefined();
    expect(cookieLocale('i18n_redirected=en-US')).toBe('en');
    expect(cookieLocale(undefined)).toBeUndefined();
    expect(cookieLocale('i18n_redirected=__proto__')).toBeUndefined();
  });
  it('accepts a supported locale in any case, as local storage is read', () => {
    expect(cookieLocale('i18n_redirected=th-th')).toBe('th-TH');
    expect(cookieLocale('LANG_KEY=ZH-tw')).toBe('zh-TW');
    expect(cookieLocale('i18n_redirected=EN-us')).toBe('en');
  });
});

describe('storageRedirectPage (the local-storage step of spec §4)', () => {
  /** Runs the page's inline script with a stored map and returns where it sent the browser. */
  const follow = (
    stored: Record<string, string> | 'throws',
    fallback: Parameters<typeof storageRedirectPage>[0] = 'en',
  ): string => {
    const html = storageRedirectPage(fallback, '?ref=x', 'n0nce');
    const script = /<script nonce="n0nce">(.*?)<\/script>/.exec(html)?.[1];
    if (!script) throw new Error('no inline script');
    let target = '';
    runInNewContext(script, {
      localStorage: {
        getItem: (key: string) => {
          if (stored === 'throws') throw new Error('SecurityError');
          return stored[key] ?? null;
        },
      },
      location: {
        search: '?ref=x',
        hash: '#top',
        replace: (to: string) => {
          target = to;
        },
      },
    });
    return target;
  };

  it('goes to the stored language (i18n_redirected, then LANG_KEY), keeping query and hash', () => {
    expect(follow({ i18n_redirected: 'ko-KR' })).toBe('/ko-KR?ref=x#top');
    expect(follow({ LANG_KEY: 'ja-jp' })).toBe('/ja-JP?ref=x#top');
    expect(follow({ i18n_redirected: 'th-TH', LANG_KEY: 'ja-JP' })).toBe(
      '/th-TH?ref=x#top',
    );
    expect(follow({ i18n_redirected: 'en-US' })).toBe('/en?ref=x#top');
  });

  it('falls back to the negotiated locale for nothing stored, junk, or storage that throws', () => {
    expect(follow({}, 'de-DE')).toBe('/de-DE?ref=x#top');
    expect(follow({ i18n_redirected: '../../evil' }, 'fr-FR')).toBe(
      '/fr-FR?ref=x#top',
    );
    expect(follow({ i18n_redirected: '__proto__' })).toBe('/en?ref=x#top');
    expect(follow('throws', 'vi-VN')).toBe('/vi-VN?ref=x#top');
  });

  it('works without scripting (noscript refresh, links in every language) and escapes the query', () => {
    const html = storageRedirectPage('es-MX', '?q="><b>', 'abc');
    expect(html).toContain(
      '<noscript><meta http-equiv="refresh" content="0;url=/es-MX?q=&quot;&gt;&lt;b&gt;"></noscript>',
    );
    expect(html).not.toContain('"><b>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('>日本語</a>');
    expect(html).toContain('lang="es-MX"');
  });
});

describe('the root redirect (spec §2: "a root redirect can be configured")', () => {
  it.each([
    ['launchpad', '/launchpad'],
    ['/earning/savings/', '/earning/savings'],
    [
      ' announcement-info/margin-parameters ',
      '/announcement-info/margin-parameters',
    ],
    ['', ''],
    ['no-such-page', ''],
    ['https://evil.example/', ''],
    ['//evil.example', ''],
    ['launchpad?x=1', ''],
    ['launchpad/<script>', ''],
    ['..', ''],
  ])('ROOT_REDIRECT %j is %j', (configured, path) => {
    expect(rootRedirectPath(configured)).toBe(path);
  });

  const app = (rootPath: string) => {
    const hono = new Hono();
    hono.use(negotiateRoot(rootPath));
    hono.get('*', (c) => c.text('page'));
    return hono;
  };

  it('sends / to that page of the negotiated locale, keeping the query', async () => {
    const res = await app('/launchpad').request('/?ref=x', {
      headers: { cookie: 'i18n_redirected=ko-KR' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ko-KR/launchpad?ref=x');
    const byLanguage = await app('/earning/savings').request('/', {
      headers: { 'accept-language': 'ja' },
    });
    expect(byLanguage.headers.get('location')).toBe('/ja-JP/earning/savings');
  });

  it('unset, / goes to the locale home; other paths are left alone', async () => {
    const res = await app('').request('/', {
      headers: { cookie: 'i18n_redirected=de-DE' },
    });
    expect(res.headers.get('location')).toBe('/de-DE');
    expect(await (await app('/launchpad').request('/en')).text()).toBe('page');
  });

  it('under prefix_except_default, / is the home page unless a root redirect is set', async () => {
    const hono = new Hono();
    hono.use(negotiateRoot('', 'prefix_except_default'));
    hono.get('*', (c) => c.text('page'));
    expect(await (await hono.request('/')).text()).toBe('page');
    const rooted = new Hono();
    rooted.use(negotiateRoot('/launchpad', 'prefix_except_default'));
    const en = await rooted.request('/', {
      headers: { 'accept-language': 'en' },
    });
    expect(en.headers.get('location')).toBe('/launchpad');
    const ja = await rooted.request('/', {
      headers: { 'accept-language': 'ja' },
    });
    expect(ja.headers.get('location')).toBe('/ja-JP/launchpad');
    const html = storageRedirectPage(
      'en',
      '',
      'n',
      '',
      'prefix_except_default',
    );
    expect(html).toContain('content="0;url=/"');
    expect(html).toContain('"en":"/"');
  });

  it('never lets a path close its script', () => {
    const html = storageRedirectPage('en', '', 'n', '/welcome/</script>');
    expect(html).not.toContain('/welcome/</script>');
    expect(html).toContain('\\u003c/script>');
  });

  it('the local-storage page goes there too', () => {
    const html = storageRedirectPage('fr-FR', '', 'n', '/launchpad');
    expect(html).toContain('"ja-jp":"/ja-JP/launchpad"');
    expect(html).toContain('content="0;url=/fr-FR/launchpad"');
    expect(html).toContain('<a href="/ja-JP/launchpad"');
  });
});
