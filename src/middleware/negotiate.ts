import { match } from '@formatjs/intl-localematcher';
import { parseCookie } from 'cookie';
import type { MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';

import { LANG_KEY, LOCALE_COOKIE } from '../lib/config/index.ts';
import { escapeHtml } from '../lib/html.ts';
import {
  canonicalLocale,
  DEFAULT_LOCALE,
  getLocaleEntry,
  INDEXABLE_LOCALES,
  isLocale,
  LOCALE_CODES,
  type Locale,
} from '../lib/locales.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { isPagePath } from '../routes.ts';

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

/** Stored value (any case) → the locale it names, for the page below. */
const STORED_LOCALES: Record<string, Locale> = Object.fromEntries(
  LOCALE_CODES.map((code) => [code.toLowerCase(), canonicalLocale(code)]),
);

/**
 * The local-storage step of spec §4 (path → LANG_KEY cookie → local storage → en): only the
 * browser can read local storage, so a person's browser that arrives at / without a locale
 * cookie gets this tiny page instead of a redirect. Its one inline script (allowed by this
 * response's CSP nonce) reads the stored language (i18n_redirected, then LANG_KEY) and
 * replaces the location with that locale's home, else with `fallback` (from
 * Accept-Language). Without scripting, the noscript refresh goes to `fallback`; the links
 * name every language in its own script. Crawlers never see this page: they get the 302.
 */
export const storageRedirectPage = (
  fallback: Locale,
  search: string,
  nonce: string,
  rootPath = '',
): string => {
  const target = `/${fallback}${rootPath}${search}`;
  const script = `(function(){var m=${JSON.stringify(STORED_LOCALES)},s=null;try{s=localStorage.getItem(${JSON.stringify(LOCALE_COOKIE.name)})||localStorage.getItem(${JSON.stringify(LANG_KEY)})}catch(e){}var k=String(s).toLowerCase(),l=s&&Object.prototype.hasOwnProperty.call(m,k)?m[k]:${JSON.stringify(fallback)};location.replace("/"+l+${JSON.stringify(rootPath)}+location.search+location.hash)})()`;
  const links = INDEXABLE_LOCALES.map((code) => {
    const entry = getLocaleEntry(code);
    return `<li><a href="/${code}${escapeHtml(rootPath + search)}" hreflang="${entry.hreflang}" lang="${entry.hreflang}">${escapeHtml(entry.language)}</a></li>`;
  }).join('');
  return `<!doctype html><html lang="${getLocaleEntry(fallback).hreflang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(getLocaleEntry(fallback).language)}</title><script nonce="${escapeHtml(nonce)}">${script}</script><noscript><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"></noscript></head><body><nav><ul>${links}</ul></nav></body></html>`;
};

/**
 * The configured root redirect (spec §2: "a root redirect can be configured"; `ROOT_REDIRECT`,
 * e.g. `launchpad` or `/earning/savings`): the page under the visitor's locale that `/` sends
 * them to, as `/launchpad`. Empty (the locale's home) when unset, or when it does not name a page
 * of the route table — never another host or an arbitrary path.
 */
export const rootRedirectPath = (configured: string): string => {
  const trimmed = configured.trim().replace(/^\/+|\/+$/g, '');
  // plain path segments only: nothing to escape in the page's script, link or Location
  if (!/^[\w\-.~]+(?:\/[\w\-.~]+)*$/.test(trimmed)) return '';
  const path = `/${trimmed}`;
  return isPagePath(`/${DEFAULT_LOCALE}${path}`) ? path : '';
};

/** A person's browser navigating to a document (not fetch(), not a crawler). */
const isBrowserNavigation = (headers: Headers): boolean =>
  headers.get('sec-fetch-mode') === 'navigate' &&
  headers.get('sec-fetch-dest') === 'document' &&
  findRequestContext()?.isBot !== true;

/**
 * GET / sends people to their locale: the i18n_redirected (then LANG_KEY) cookie when it
 * holds a supported locale; else, for a browser, local storage (the page above); else
 * Accept-Language, else /en. With a root redirect (`rootPath`, see rootRedirectPath) they go to
 * that page of their locale instead of its home. The answer varies by all of these, so it says
 * so and is never cached publicly.
 */
export const negotiateRoot =
  (rootPath = ''): MiddlewareHandler =>
  async (c, next) => {
    if (
      c.req.path !== '/' ||
      (c.req.method !== 'GET' && c.req.method !== 'HEAD')
    )
      return next();
    const cookie = cookieLocale(c.req.header('cookie'));
    let negotiated: Locale | undefined;
    if (!cookie) {
      accepts(c, {
        header: 'Accept-Language',
        supports: [...INDEXABLE_LOCALES],
        default: DEFAULT_LOCALE,
        match: (parsed) => {
          negotiated = negotiateLocale(parsed.map((a) => a.type));
          return negotiated;
        },
      });
    }
    const locale = cookie ?? negotiated ?? DEFAULT_LOCALE;
    const search = new URL(c.req.url).search;
    const vary =
      'Cookie, Accept-Language, Sec-Fetch-Mode, Sec-Fetch-Dest, User-Agent';
    const nonce = findRequestContext()?.nonce;
    if (!cookie && nonce && isBrowserNavigation(c.req.raw.headers))
      return new Response(
        storageRedirectPage(locale, search, nonce, rootPath),
        {
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            vary,
            'cache-control': 'private, no-cache',
          },
        },
      );
    return new Response(null, {
      status: 302,
      headers: {
        location: `/${locale}${rootPath}${search}`,
        vary,
        'cache-control': 'private, no-cache',
      },
    });
  };
