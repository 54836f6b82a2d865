import { parseCookie } from 'cookie';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

import { LANG_KEY, LOCALE_COOKIE } from '../lib/config/index.ts';
import { escapeHtml } from '../lib/html.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { bestLocale } from './best-locale.ts';
import {
  canonicalLocale,
  DEFAULT_LOCALE,
  getLocaleEntry,
  INDEXABLE_LOCALES,
  LOCALE_CODES,
  type Locale,
} from './locales.ts';
import { isPagePath } from './navigation.ts';
import { localePath, localeStrategy, type LocaleStrategy } from './routing.ts';

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
  return bestLocale(tags, DEFAULT_LOCALE);
};

/** Stored value (any case) → the locale it names (en-US folded into en). */
const STORED_LOCALES: Record<string, Locale> = Object.fromEntries(
  LOCALE_CODES.map((code) => [code.toLowerCase(), canonicalLocale(code)]),
);

const storedLocale = (value: string | undefined): Locale | undefined => {
  const key = value?.toLowerCase();
  return key !== undefined && Object.hasOwn(STORED_LOCALES, key)
    ? STORED_LOCALES[key]
    : undefined;
};

/**
 * The locale a cookie asks for, when it names a supported one in any case (`th-th` as
 * local storage's value is read: spec §4 accepts only supported locales, not only one spelling).
 */
export const cookieLocale = (
  header: string | undefined,
): Locale | undefined => {
  if (!header) return undefined;
  const cookies = parseCookie(header);
  for (const name of [LOCALE_COOKIE.name, LANG_KEY]) {
    const locale = storedLocale(cookies[name]);
    if (locale) return locale;
  }
  return undefined;
};

/** The Vary of every answer that depends on the visitor's language. */
export const NEGOTIATION_VARY =
  'Cookie, Accept-Language, Sec-Fetch-Mode, Sec-Fetch-Dest, User-Agent';

/**
 * The visitor's language as `/` resolves it (spec §4 after the path): the locale cookie
 * (i18n_redirected, then LANG_KEY), else Accept-Language, else the default. `fromCookie` says
 * which: without a cookie a person's browser still has local storage to ask.
 */
export const visitorLocale = (
  header: (name: string) => string | undefined,
): { locale: Locale; fromCookie: boolean } => {
  const cookie = cookieLocale(header('cookie'));
  if (cookie) return { locale: cookie, fromCookie: true };
  const accepted = header('accept-language');
  return {
    locale: accepted
      ? negotiateLocale(parseAccept(accepted).map((a) => a.type))
      : DEFAULT_LOCALE,
    fromCookie: false,
  };
};

/** A JSON value safe inside an inline <script> (no `</script>`, no `<!--`). */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c');

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
  strategy: LocaleStrategy = localeStrategy(),
): string => {
  const pathOf = (locale: Locale) => localePath(locale, rootPath, strategy);
  const targets = Object.fromEntries(
    Object.entries(STORED_LOCALES).map(([key, locale]) => [
      key,
      pathOf(locale),
    ]),
  );
  const target = `${pathOf(fallback)}${search}`;
  const script = `(function(){var m=${scriptJson(targets)},s=null;try{s=localStorage.getItem(${scriptJson(LOCALE_COOKIE.name)})||localStorage.getItem(${scriptJson(LANG_KEY)})}catch(e){}var k=String(s).toLowerCase(),p=s&&Object.prototype.hasOwnProperty.call(m,k)?m[k]:${scriptJson(pathOf(fallback))};location.replace(p+location.search+location.hash)})()`;
  const links = INDEXABLE_LOCALES.map((code) => {
    const entry = getLocaleEntry(code);
    return `<li><a href="${escapeHtml(pathOf(code) + search)}" hreflang="${entry.hreflang}" lang="${entry.hreflang}">${escapeHtml(entry.language)}</a></li>`;
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
  return isPagePath(`/${DEFAULT_LOCALE}${path}`, 'prefix') ? path : '';
};

/** A person's browser navigating to a document (not fetch(), not a crawler). */
export const isBrowserNavigation = (headers: Headers): boolean =>
  headers.get('sec-fetch-mode') === 'navigate' &&
  headers.get('sec-fetch-dest') === 'document' &&
  findRequestContext()?.isBot !== true;

/**
 * Sends a visitor to `rest` (a page path after the locale prefix, '' for the home) under their
 * locale: the locale cookie when it holds a supported locale; else, for a person's browser,
 * local storage (the page above); else Accept-Language, else the default. The answer varies by
 * all of these, so it says so and is never cached publicly; it has no body but the storage page.
 */
export const negotiatedRedirect = (
  c: Context,
  rest: string,
  strategy: LocaleStrategy = localeStrategy(),
): Response => {
  const { locale, fromCookie } = visitorLocale((name) => c.req.header(name));
  const search = new URL(c.req.url).search;
  const nonce = findRequestContext()?.nonce;
  const headers = {
    vary: NEGOTIATION_VARY,
    'cache-control': 'private, no-cache',
  };
  if (!fromCookie && nonce && isBrowserNavigation(c.req.raw.headers))
    return new Response(
      storageRedirectPage(locale, search, nonce, rest, strategy),
      {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
      },
    );
  return new Response(null, {
    status: 302,
    headers: {
      location: `${localePath(locale, rest, strategy)}${search}`,
      ...headers,
    },
  });
};

/**
 * GET / sends people to their locale's home (or, with a root redirect, `rootPath`: see
 * rootRedirectPath) by negotiatedRedirect. Under `prefix_except_default` without a root redirect,
 * `/` is the default language's home page and is left to the router.
 */
export const negotiateRoot =
  (
    rootPath = '',
    strategy: LocaleStrategy = localeStrategy(),
  ): MiddlewareHandler =>
  async (c, next) => {
    if (
      c.req.path !== '/' ||
      (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
      (strategy === 'prefix_except_default' && rootPath === '')
    )
      return next();
    return negotiatedRedirect(c, rootPath, strategy);
  };
