import { describe, expect, it } from 'vitest';

import { ROUTES, routePath } from '../routes.ts';
import { INDEXABLE_LOCALES, LOCALE_CODES } from './locales.ts';
import {
  isPagePath,
  looseLocaleOfPath,
  nearestPage,
  pageOfPath,
  prefixLocale,
  spellPath,
  spellRoute,
} from './navigation.ts';
import { LOCALE_STRATEGIES } from './routing.ts';

const KEY = 'aurora-chain';
const keyOf = (route: (typeof ROUTES)[number]) =>
  'param' in route ? KEY : undefined;

describe('prefixLocale', () => {
  it.each([
    ['ja-JP', 'ja-JP'],
    ['ja-jp', 'ja-JP'],
    ['JA-JP', 'ja-JP'],
    ['EN', 'en'],
    ['en-us', 'en-US'],
    ['ZH-tw', 'zh-TW'],
    ['ja', 'ja-JP'],
    ['ko', 'ko-KR'],
    ['zh', 'zh-MY'],
    ['zh-CN', 'zh-MY'],
    ['zh-Hant', 'zh-TW'],
    ['en-GB', 'en'],
    ['de-AT', 'de-DE'],
  ])('%s names %s', (segment, locale) => {
    expect(prefixLocale(segment)).toBe(locale);
  });

  it.each(['', 'pt-BR', 'launchpad', 'welcome', 'xx', 'api', '..', 'e n'])(
    '%j names none',
    (segment) => {
      expect(prefixLocale(segment)).toBeUndefined();
    },
  );
});

describe('spellRoute', () => {
  it('matches literal segments in any case and keeps the key as it came', () => {
    expect(spellRoute('/LAUNCHPAD/Aurora-Chain')).toMatchObject({
      path: '/launchpad/Aurora-Chain',
    });
    expect(spellRoute('/zcccompetition2025')?.path).toBe('/ZCCCompetition2025');
    expect(spellRoute('/')?.path).toBe('');
    expect(spellRoute('/launchpad/a/b')).toBeUndefined();
  });

  it('no two routes of the table are one path in another case', () => {
    const spelled = ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(spelled).size).toBe(spelled.length);
  });
});

describe.each(LOCALE_STRATEGIES)('spellPath under %s', (strategy) => {
  it('every page of the table × every locale is its own spelling, and a page', () => {
    for (const locale of LOCALE_CODES)
      for (const route of ROUTES) {
        const path = routePath(locale, route.id, keyOf(route), strategy);
        expect(spellPath(path, strategy)).toEqual({
          kind: 'page',
          locale,
          path,
        });
        expect(isPagePath(path, strategy)).toBe(true);
        expect(pageOfPath(path, strategy)?.route.id).toBe(route.id);
      }
  });

  it('every other spelling of a page maps onto the one (case, bare language, alias, other prefix)', () => {
    for (const route of ROUTES) {
      const key = keyOf(route);
      const ja = routePath('ja-JP', route.id, key, strategy);
      const rest = ja.slice('/ja-JP'.length);
      for (const spelling of [
        `/ja-jp${rest}`,
        `/JA-JP${rest.toUpperCase().replace(KEY.toUpperCase(), KEY)}`,
        `/ja${rest}`,
      ])
        expect(spellPath(spelling, strategy)).toEqual({
          kind: 'page',
          locale: 'ja-JP',
          path: ja,
        });
      expect(spellPath(`/zh-CN${rest}`, strategy)).toMatchObject({
        path: routePath('zh-MY', route.id, key, strategy),
      });
      expect(spellPath(`/EN${rest}`, strategy)).toMatchObject({
        path: routePath('en', route.id, key, strategy),
      });
      expect(spellPath(`/en-us${rest}`, strategy)).toMatchObject({
        path: routePath('en-US', route.id, key, strategy),
      });
    }
  });

  it('paths that name no page stay unmatched', () => {
    for (const path of [
      '/nope',
      '/ja-JP/nope',
      '/ja/launchpad/a/b',
      '/pt-BR/launchpad',
      '/sitemap.xml',
      '/api/v1/x',
    ])
      expect(spellPath(path, strategy)).toBeUndefined();
  });
});

describe('an unprefixed page', () => {
  it('under prefix goes to the visitor (the rest in the table spelling); / is the root negotiation', () => {
    expect(spellPath('/LaunchPad/x', 'prefix')).toEqual({
      kind: 'negotiate',
      rest: '/launchpad/x',
    });
    expect(spellPath('/earning/savings', 'prefix')).toEqual({
      kind: 'negotiate',
      rest: '/earning/savings',
    });
    expect(spellPath('/', 'prefix')).toBeUndefined();
    expect(isPagePath('/launchpad', 'prefix')).toBe(false);
  });

  it('under prefix_except_default is the default language, and /en/… goes there', () => {
    expect(spellPath('/launchpad', 'prefix_except_default')).toEqual({
      kind: 'page',
      locale: 'en',
      path: '/launchpad',
    });
    expect(spellPath('/en/launchpad', 'prefix_except_default')).toMatchObject({
      path: '/launchpad',
    });
    expect(spellPath('/en', 'prefix_except_default')).toMatchObject({
      path: '/',
    });
    expect(
      spellPath('/en-US/launchpad', 'prefix_except_default'),
    ).toMatchObject({ path: '/en-US/launchpad' });
    expect(isPagePath('/en/launchpad', 'prefix_except_default')).toBe(false);
    expect(isPagePath('/', 'prefix_except_default')).toBe(true);
    expect(routePath('en', 'home', undefined, 'prefix_except_default')).toBe(
      '/',
    );
  });
});

describe('looseLocaleOfPath (the language of a 404)', () => {
  it('reads the prefix in any spelling, else the unprefixed default', () => {
    expect(looseLocaleOfPath('/JA-JP/nope', 'prefix')).toBe('ja-JP');
    expect(looseLocaleOfPath('/ko/nope', 'prefix')).toBe('ko-KR');
    expect(looseLocaleOfPath('/nope', 'prefix')).toBeUndefined();
    expect(looseLocaleOfPath('/nope', 'prefix_except_default')).toBe('en');
    expect(INDEXABLE_LOCALES).toContain(looseLocaleOfPath('/zh/x', 'prefix'));
  });
});

describe('nearestPage (the 404 "did you mean")', () => {
  it.each([
    ['/en/launchpd', 'launchpad'],
    ['/ja-JP/LAUNCHPAD/no-such-id/extra', 'launchpad'],
    ['/de-DE/welcome/no-such-campaign', 'welcome'],
    ['/earning/saving', 'savings'],
    ['/ja/earnings/savings', 'savings'],
    ['/fr-FR/feediscunt', 'fee-discount'],
    ['/en/announcement-info/contract-detial', 'contract-detail'],
    ['/zh-tw/zcccompetition2024', 'competition'],
    ['/en/tax_api', 'tax-api'],
  ])('%s → %s', (path, id) => {
    expect(nearestPage(path)).toBe(id);
  });

  it.each([
    '/en/no-such-page',
    '/en',
    '/',
    '/ko-KR/snooker/no-such-draw',
    '/en/xyz',
    `/en/${'a'.repeat(300)}`,
  ])('%s has none', (path) => {
    expect(nearestPage(path)).toBeUndefined();
  });
});
