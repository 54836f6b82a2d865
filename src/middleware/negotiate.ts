import { match } from '@formatjs/intl-localematcher';
import { parseCookie } from 'cookie';
import type { MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';

import { LANG_KEY, LOCALE_COOKIE } from '../lib/config/index.ts';
import {
  canonicalLocale,
  DEFAULT_LOCALE,
  INDEXABLE_LOCALES,
  isLocale,
  type Locale,
} from '../lib/locales.ts';

const validTag = (tag: string): boolean => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** The best locale for Accept-Language, by @formatjs/intl-localematcher (best-fit). */
export const negotiateLocale = (requested: readonly string[]): Locale => {
  const tags = requested.filter((t) => t !== '*' && validTag(t)).slice(0, 20);
  if (tags.length === 0) return DEFAULT_LOCALE;
  const found = match(tags, [...INDEXABLE_LOCALES], DEFAULT_LOCALE, {
    algorithm: 'best fit',
  });
  return isLocale(found) ? found : DEFAULT_LOCALE;
};

/** The locale a cookie asks for, when it names a supported one. */
export const cookieLocale = (
  header: string | undefined,
): Locale | undefined => {
  if (!header) return undefined;
  const cookies = parseCookie(header);
  for (const name of [LOCALE_COOKIE.name, LANG_KEY]) {
    const value = cookies[name];
    if (isLocale(value)) return canonicalLocale(value);
  }
  return undefined;
};

/**
 * GET / sends people to their locale: the i18n_redirected (then LANG_KEY) cookie when it
 * holds a supported locale, else Accept-Language, else /en. The answer varies by both, so
 * it says so and is never cached publicly.
 */
export const negotiateRoot = (): MiddlewareHandler => async (c, next) => {
  if (c.req.path !== '/' || (c.req.method !== 'GET' && c.req.method !== 'HEAD'))
    return next();
  let locale = cookieLocale(c.req.header('cookie'));
  if (!locale) {
    accepts(c, {
      header: 'Accept-Language',
      supports: [...INDEXABLE_LOCALES],
      default: DEFAULT_LOCALE,
      match: (parsed) => {
        locale = negotiateLocale(parsed.map((a) => a.type));
        return locale;
      },
    });
  }
  const search = new URL(c.req.url).search;
  return new Response(null, {
    status: 302,
    headers: {
      location: `/${locale ?? DEFAULT_LOCALE}${search}`,
      vary: 'Cookie, Accept-Language',
      'cache-control': 'private, no-cache',
    },
  });
};
