/**
 * THE locale table (spec §2, §3, §9). Routes, the language menu, hreflang, the sitemap,
 * lingui.config.ts and the tests all read it: there is no second list of locales.
 * Pure data, no I/O: safe in server, client and Node scripts alike.
 */

export type LocaleEntry = {
  /** The path prefix and the catalog name. */
  readonly code: string;
  /** The language's own name, shown in the language menu. */
  readonly language: string;
  /** The language's name in English (for translators and logs). */
  readonly englishName: string;
  /** The value of <html lang> and of hreflang. */
  readonly hreflang: string;
  /** The tag written into the sitemap's xhtml:link hreflang. */
  readonly sitemapTag: string;
  /** The locale handed to Intl formatters. */
  readonly intl: string;
  /** og:locale (ll_CC). */
  readonly ogLocale: string;
  readonly dir: 'ltr' | 'rtl';
  /** The help-centre language (§9); German and French fall back to English. */
  readonly helpCenter: string;
  /**
   * A legacy alias serves the same content as another locale and points its canonical
   * there (en-US → en, spec §3). Aliases are left out of hreflang sets and the sitemap.
   */
  readonly aliasOf?: string;
};

export const LOCALES = [
  {
    code: 'de-DE',
    language: 'Deutsch',
    englishName: 'German',
    hreflang: 'de-DE',
    sitemapTag: 'de-DE',
    intl: 'de-DE',
    ogLocale: 'de_DE',
    dir: 'ltr',
    helpCenter: 'en-us',
  },
  {
    code: 'en-US',
    language: 'English (US)',
    englishName: 'English (legacy)',
    hreflang: 'en-US',
    sitemapTag: 'en-US',
    intl: 'en-US',
    ogLocale: 'en_US',
    dir: 'ltr',
    helpCenter: 'en-us',
    aliasOf: 'en',
  },
  {
    code: 'en',
    language: 'English',
    englishName: 'English',
    hreflang: 'en',
    sitemapTag: 'en',
    intl: 'en',
    ogLocale: 'en_US',
    dir: 'ltr',
    helpCenter: 'en-us',
  },
  {
    code: 'es-MX',
    language: 'Español (México)',
    englishName: 'Spanish (Mexico)',
    hreflang: 'es-MX',
    sitemapTag: 'es-MX',
    intl: 'es-MX',
    ogLocale: 'es_MX',
    dir: 'ltr',
    helpCenter: 'es-es',
  },
  {
    code: 'fr-FR',
    language: 'Français',
    englishName: 'French',
    hreflang: 'fr-FR',
    sitemapTag: 'fr-FR',
    intl: 'fr-FR',
    ogLocale: 'fr_FR',
    dir: 'ltr',
    helpCenter: 'en-us',
  },
  {
    code: 'ja-JP',
    language: '日本語',
    englishName: 'Japanese',
    hreflang: 'ja-JP',
    sitemapTag: 'ja-JP',
    intl: 'ja-JP',
    ogLocale: 'ja_JP',
    dir: 'ltr',
    helpCenter: 'ja',
  },
  {
    code: 'ko-KR',
    language: '한국어',
    englishName: 'Korean',
    hreflang: 'ko-KR',
    sitemapTag: 'ko-KR',
    intl: 'ko-KR',
    ogLocale: 'ko_KR',
    dir: 'ltr',
    helpCenter: 'ko',
  },
  {
    code: 'ru-RU',
    language: 'Русский',
    englishName: 'Russian',
    hreflang: 'ru-RU',
    sitemapTag: 'ru-RU',
    intl: 'ru-RU',
    ogLocale: 'ru_RU',
    dir: 'ltr',
    helpCenter: 'ru',
  },
  {
    code: 'th-TH',
    language: 'ไทย',
    englishName: 'Thai',
    hreflang: 'th-TH',
    sitemapTag: 'th-TH',
    intl: 'th-TH',
    ogLocale: 'th_TH',
    dir: 'ltr',
    helpCenter: 'en-us',
  },
  {
    code: 'vi-VN',
    language: 'Tiếng Việt',
    englishName: 'Vietnamese',
    hreflang: 'vi-VN',
    sitemapTag: 'vi-VN',
    intl: 'vi-VN',
    ogLocale: 'vi_VN',
    dir: 'ltr',
    helpCenter: 'vi',
  },
  {
    code: 'zh-MY',
    language: '简体中文',
    englishName: 'Simplified Chinese (Malaysia)',
    hreflang: 'zh-MY',
    sitemapTag: 'zh-MY',
    intl: 'zh-Hans-MY',
    ogLocale: 'zh_MY',
    dir: 'ltr',
    helpCenter: 'en-us',
  },
  {
    code: 'zh-TW',
    language: '繁體中文',
    englishName: 'Traditional Chinese',
    hreflang: 'zh-TW',
    sitemapTag: 'zh-TW',
    intl: 'zh-Hant-TW',
    ogLocale: 'zh_TW',
    dir: 'ltr',
    helpCenter: 'zh-tw',
  },
] as const satisfies readonly LocaleEntry[];

export type Locale = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

/** Default language in resolution (§4, §9) and the fallback route /en. */
export const DEFAULT_LOCALE = 'en' satisfies Locale;
export const SOURCE_LOCALE = 'en' satisfies Locale;

const byCode = new Map<string, LocaleEntry>(LOCALES.map((l) => [l.code, l]));

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && byCode.has(value);

export const getLocaleEntry = (code: Locale): LocaleEntry => {
  const entry = byCode.get(code);
  if (!entry) throw new RangeError(`Unknown locale ${code}`);
  return entry;
};

/** The locale whose page is canonical for `code` (en-US → en). */
export const canonicalLocale = (code: Locale): Locale => {
  const alias = getLocaleEntry(code).aliasOf;
  return alias && isLocale(alias) ? alias : code;
};

/** Locales that have their own indexable pages (every locale but aliases). */
export const INDEXABLE_LOCALES: readonly Locale[] = LOCALE_CODES.filter(
  (code) => canonicalLocale(code) === code,
);

/** The first path segment when it names a locale, else undefined. */
export const localeFromPath = (pathname: string): Locale | undefined => {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : undefined;
};
