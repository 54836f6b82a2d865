import { describe, expect, it } from 'vitest';

import { cookieLocale, negotiateLocale } from './negotiate.ts';

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
  });
});
