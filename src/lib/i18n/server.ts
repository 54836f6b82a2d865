import 'server-only';

import { setupI18n, type I18n } from '@lingui/core';
import { setI18n } from '@lingui/react/server';

import { getLocaleEntry, type Locale } from '../locales.ts';
import { serverMessages } from './catalogs.ts';

/**
 * One i18n instance per locale, created once and never re-activated (DESIGN decision 5):
 * a request for ja-JP can never see the messages of a concurrent request for de-DE.
 */
const instances = new Map<Locale, I18n>();

export const getServerI18n = (locale: Locale): I18n => {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({
      locale,
      messages: { [locale]: serverMessages(locale) },
    });
    instances.set(locale, i18n);
  }
  return i18n;
};

/** Call at the top of every layout and page: binds the locale's instance to this render. */
export const setupServerI18n = (locale: Locale): I18n => {
  const i18n = getServerI18n(locale);
  setI18n(i18n);
  return i18n;
};

export const intlLocale = (locale: Locale): string =>
  getLocaleEntry(locale).intl;
