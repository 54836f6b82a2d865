/**
 * What the tests need from the machine beyond node_modules: a browser, fontconfig and a font for
 * the script of every locale. Read by `npm run test:setup` (which installs what is missing) and by
 * the browser suite (which reports a missing font as such, before any layout check).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import type { Locale } from '../../src/i18n/locales.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The script a locale is written in, the fontconfig language that covers it, the Debian package. */
export type LocaleFont = {
  readonly script: string;
  /** `fc-list :lang=<tag>` lists the fonts that cover this language. */
  readonly fcLang: string;
  readonly debianPackage: string;
};

const LATIN = 'fonts-dejavu-core';
const CJK = 'fonts-noto-cjk';
/** Noto Sans Thai (and Noto for every other script: one family, one set of metrics). */
const NOTO = 'fonts-noto-core';

export const LOCALE_FONTS: Record<Locale, LocaleFont> = {
  'de-DE': { script: 'Latin', fcLang: 'de', debianPackage: LATIN },
  'en-US': { script: 'Latin', fcLang: 'en', debianPackage: LATIN },
  en: { script: 'Latin', fcLang: 'en', debianPackage: LATIN },
  'es-MX': { script: 'Latin', fcLang: 'es', debianPackage: LATIN },
  'fr-FR': { script: 'Latin', fcLang: 'fr', debianPackage: LATIN },
  'ja-JP': { script: 'Japanese', fcLang: 'ja', debianPackage: CJK },
  'ko-KR': { script: 'Korean (Hangul)', fcLang: 'ko', debianPackage: CJK },
  'ru-RU': { script: 'Cyrillic', fcLang: 'ru', debianPackage: LATIN },
  'th-TH': { script: 'Thai', fcLang: 'th', debianPackage: NOTO },
  'vi-VN': { script: 'Vietnamese (Latin)', fcLang: 'vi', debianPackage: LATIN },
  'zh-MY': {
    script: 'Simplified Chinese',
    fcLang: 'zh-cn',
    debianPackage: CJK,
  },
  'zh-TW': {
    script: 'Traditional Chinese',
    fcLang: 'zh-tw',
    debianPackage: CJK,
  },
};

/** The font families fontconfig says cover a language; undefined when fc-list cannot run. */
export const fontsFor = (fcLang: string): string[] | undefined => {
  const result = spawnSync('fc-list', [`:lang=${fcLang}`, 'family'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) return undefined;
  return [
    ...new Set(
      result.stdout
        .split('\n')
        .map((line) => line.split(',')[0]?.trim() ?? '')
        .filter(Boolean),
    ),
  ].sort();
};

/**
 * Why a locale cannot be rendered faithfully on this machine, in one readable line, or
 * undefined when a font covers its script.
 */
export const missingFont = (locale: Locale): string | undefined => {
  const { script, fcLang, debianPackage } = LOCALE_FONTS[locale];
  const fonts = fontsFor(fcLang);
  if (fonts === undefined)
    return `fontconfig's fc-list cannot run, so no font can be checked for ${locale}: install fontconfig (npm run test:setup does)`;
  if (fonts.length === 0)
    return `no font on this machine covers ${locale} (${script}; \`fc-list :lang=${fcLang}\` lists nothing): install ${debianPackage} (npm run test:setup does)`;
  return undefined;
};

export const chromiumPresent = (): boolean =>
  existsSync(CHROMIUM) &&
  spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).status === 0;
