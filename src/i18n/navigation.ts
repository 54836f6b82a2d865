import leven from 'leven';

import { createTextMemo } from '../lib/memo.ts';
import {
  matchRoute,
  ROUTES,
  type RouteEntry,
  type RouteId,
} from '../routes.ts';
import { bestLocale } from './best-locale.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_CODES,
  localeFromPath,
  type Locale,
} from './locales.ts';
import {
  localePath,
  localePrefix,
  localeStrategy,
  type LocaleStrategy,
} from './routing.ts';

/**
 * One spelling per page: every address a person or a crawler types for a page of
 * the route table — a prefix in another case, a bare language, a language alias, a route segment
 * in another case, no prefix at all — is mapped here, from the two tables, onto the one spelling
 * the strategy gives that page. Pure: the middleware turns the answer into a single redirect.
 */

const CODES_BY_LOWER_CASE = new Map<string, Locale>(
  LOCALE_CODES.map((code) => [code.toLowerCase(), code]),
);

/** A language tag as people type it: `ja`, `zh-CN`, `zh-Hans`, `zh-Hant-HK` (never a route word). */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i;

/** The table's code for a first path segment in any case (`ja-jp`, `EN`, `en-us`). */
const codeLocale = (segment: string): Locale | undefined =>
  isLocale(segment) ? segment : CODES_BY_LOWER_CASE.get(segment.toLowerCase());

/** Matched tags by lower-case spelling (the matcher costs tens of µs; bounded against floods). */
const aliasMemo = createTextMemo<Locale | ''>(512);

/**
 * An indexable locale for a language tag as the Accept-Language matcher maps it (`ja` → ja-JP,
 * `zh` and `zh-CN` → zh-MY, `en-GB` → en), else undefined.
 */
const aliasLocale = (segment: string): Locale | undefined => {
  if (!LANGUAGE_TAG.test(segment)) return undefined;
  const found = aliasMemo(segment.toLowerCase(), () => {
    try {
      return bestLocale([segment]) ?? '';
    } catch {
      return '';
    }
  });
  return found === '' ? undefined : found;
};

/** The locale a first path segment names: the table's code in any case, else a language alias. */
export const prefixLocale = (segment: string): Locale | undefined =>
  segment === '' ? undefined : (codeLocale(segment) ?? aliasLocale(segment));

/**
 * The route a path after the locale names, its literal segments compared without case, and that
 * path as the table spells it (the key segment kept exactly as it came).
 */
const PATTERNS = ROUTES.map((route) => {
  const parts = route.path.split('/').filter(Boolean);
  return {
    route,
    parts,
    lower: parts.map((part) =>
      part.startsWith('[') ? undefined : part.toLowerCase(),
    ),
  };
});

export const spellRoute = (
  pathAfterLocale: string,
): { route: RouteEntry; path: string } | undefined => {
  const segments = pathAfterLocale.split('/').filter(Boolean);
  const lower = segments.map((segment) => segment.toLowerCase());
  for (const pattern of PATTERNS) {
    if (pattern.parts.length !== segments.length) continue;
    const ok = pattern.lower.every((part, i) =>
      part === undefined ? (segments[i] ?? '') !== '' : part === lower[i],
    );
    if (!ok) continue;
    const spelled = pattern.parts.map((part, i) =>
      part.startsWith('[') ? (segments[i] ?? '') : part,
    );
    return {
      route: pattern.route,
      path: spelled.length === 0 ? '' : `/${spelled.join('/')}`,
    };
  }
  return undefined;
};

export type Spelling =
  /** A page of the table: its one spelling (equal to the input when it is already right). */
  | { readonly kind: 'page'; readonly path: string; readonly locale: Locale }
  /**
   * A page without a locale prefix under the `prefix` strategy: it goes to the visitor's locale,
   * at `/<locale>` + `rest`.
   */
  | { readonly kind: 'negotiate'; readonly rest: string };

/**
 * The spelling of a path (already in its RFC 3986 canonical form: escapes of letters decoded,
 * no empty or trailing segments) under the strategy; undefined when it names no page. `/` under
 * the `prefix` strategy is the root negotiation's (request.ts), not a page.
 */
export const spellPath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): Spelling | undefined => {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  const prefixed = (locale: Locale): Spelling | undefined => {
    const found = spellRoute(`/${segments.slice(2).join('/')}`);
    return found
      ? {
          kind: 'page',
          locale,
          path: localePath(locale, found.path, strategy),
        }
      : undefined;
  };
  const code = first === '' ? undefined : codeLocale(first);
  if (code !== undefined) return prefixed(code);
  const found = spellRoute(pathname);
  if (found) {
    if (strategy === 'prefix')
      return found.path === ''
        ? undefined
        : { kind: 'negotiate', rest: found.path };
    return { kind: 'page', locale: DEFAULT_LOCALE, path: found.path || '/' };
  }
  const alias = first === '' ? undefined : aliasLocale(first);
  return alias === undefined ? undefined : prefixed(alias);
};

/**
 * The language a path is answered in when it is not a page: its prefix in any spelling, else
 * the default language's when the strategy serves it without one, else undefined (the visitor's).
 */
export const looseLocaleOfPath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): Locale | undefined => {
  return (
    prefixLocale(pathname.split('/')[1] ?? '') ??
    (strategy === 'prefix_except_default' ? DEFAULT_LOCALE : undefined)
  );
};

/** Pages a 404 may suggest: every page of the table with a fixed path, but the home. */
const SUGGESTIBLE = ROUTES.filter(
  (route) => !('param' in route) && route.path !== '',
).map((route) => ({
  id: route.id,
  path: route.path.toLowerCase(),
  segments: route.path.split('/').filter(Boolean).length,
}));

/**
 * The page of the route table nearest to a path that is not a page (the 404's "did you
 * mean"): the fixed-path page whose path is the asked path's beginning (`/launchpad/x/y` →
 * launchpad, an unknown key → its list) or a few typos away from it (`/launchpd`,
 * `/earning/saving`), compared without case after the locale prefix in any spelling. Only a route
 * id comes out: the link is built from the table, never from the path.
 */
export const nearestPage = (pathname: string): RouteId | undefined => {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const rest =
    segments[0] !== undefined && prefixLocale(segments[0]) !== undefined
      ? segments.slice(1)
      : segments;
  if (rest.length === 0 || rest.join('/').length > 200) return undefined;
  let best: { id: RouteId; distance: number; segments: number } | undefined;
  for (const page of SUGGESTIBLE) {
    if (rest.length < page.segments) continue;
    const asked = `/${rest.slice(0, page.segments).join('/')}`;
    const distance = leven(asked, page.path);
    // a typo or two, never a guess: at most one edit per four characters of the page's path
    if (distance > Math.max(1, Math.floor(page.path.length / 4))) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && page.segments > best.segments)
    )
      best = { id: page.id, distance, segments: page.segments };
  }
  return best?.id;
};

/**
 * The locale of a pathname under the strategy: its prefix, or for an unprefixed path under
 * `prefix_except_default` the default language (undefined: no locale, `prefix` strategy).
 */
export const pathLocale = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): Locale | undefined =>
  localeFromPath(pathname) ??
  (strategy === 'prefix_except_default' ? DEFAULT_LOCALE : undefined);

/**
 * The page a pathname names when it is spelled exactly as the table spells it under the
 * strategy (`/ja-JP/launchpad/x`; `/launchpad` under `prefix_except_default`, where
 * `/en/launchpad` is not a page but a redirect to it).
 */
export const pageOfPath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): { locale: Locale; route: RouteEntry; key?: string } | undefined => {
  const prefixed = localeFromPath(pathname);
  const locale = pathLocale(pathname, strategy);
  if (locale === undefined) return undefined;
  if (prefixed !== undefined && localePrefix(prefixed, strategy) === '')
    return undefined;
  const found = matchRoute(
    prefixed === undefined ? pathname : pathname.slice(prefixed.length + 1),
  );
  if (!found) return undefined;
  return found.key === undefined
    ? { locale, route: found.route }
    : { locale, route: found.route, key: found.key };
};

/** Whether a pathname is a page of the route table, spelled as the strategy spells it. */
export const isPagePath = (
  pathname: string,
  strategy: LocaleStrategy = localeStrategy(),
): boolean => pageOfPath(pathname, strategy) !== undefined;
