import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';

import { isLocale, type Locale } from '../i18n/locales.ts';
import {
  COOKIE_TIMER_CAP_MS,
  DEFAULT_COOKIE_PATH,
  LOCALE_COOKIE,
} from './config/constants.ts';
import type { EnvironmentInfo } from './config/environment.ts';
import { getStorageKeys } from './config/storage-keys.ts';

/**
 * Cookies (spec §5, §9), written through the `cookie` package, which checks names and values
 * against RFC 6265's character sets (values are percent-encoded into them) and throws
 * TypeError on a bad max-age, expires, priority or same-site. On top of it: expiry timers
 * capped at 2147483647 ms, path / by default, and the
 * environment's cookie domain (the parent domain; none on localhost, where browsers refuse a
 * Domain attribute).
 */
export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

const SAME_SITE = new Set<unknown>([true, false, 'lax', 'strict', 'none']);
const PRIORITY = new Set<unknown>(['low', 'medium', 'high']);

export const serializeCookie = (
  name: string,
  value: string,
  options: CookieOptions = {},
): string => {
  if (options.sameSite !== undefined && !SAME_SITE.has(options.sameSite)) {
    throw new TypeError(
      `option sameSite is invalid: ${String(options.sameSite)}`,
    );
  }
  if (options.priority !== undefined && !PRIORITY.has(options.priority)) {
    throw new TypeError(
      `option priority is invalid: ${String(options.priority)}`,
    );
  }
  if (
    options.maxAge !== undefined &&
    (!Number.isFinite(options.maxAge) || !Number.isInteger(options.maxAge))
  ) {
    throw new TypeError(`option maxAge is invalid: ${String(options.maxAge)}`);
  }
  if (
    options.expires !== undefined &&
    (!(options.expires instanceof Date) ||
      Number.isNaN(options.expires.getTime()))
  ) {
    throw new TypeError('option expires is invalid');
  }
  return stringifySetCookie({
    ...options,
    name,
    value,
    path: options.path ?? DEFAULT_COOKIE_PATH,
  });
};

/**
 * How long until a cookie expires, for a timer that acts on its expiry: capped at
 * 2147483647 ms (§9), the longest delay setTimeout honours (longer ones fire at once).
 */
export const expiryTimerMs = (
  options: Pick<CookieOptions, 'maxAge' | 'expires'>,
  now = Date.now(),
): number | undefined => {
  const ms =
    options.maxAge !== undefined
      ? options.maxAge * 1000
      : options.expires !== undefined
        ? options.expires.getTime() - now
        : undefined;
  return ms === undefined
    ? undefined
    : Math.max(0, Math.min(ms, COOKIE_TIMER_CAP_MS));
};

export const readCookies = (
  header: string | null | undefined,
): Record<string, string | undefined> => (header ? parseCookie(header) : {});

/** The Domain attribute for this environment, or nothing on localhost. */
export const cookieDomain = (env: EnvironmentInfo): string | undefined => {
  const domain = getStorageKeys(env).cookieDomain;
  return domain === 'localhost' ? undefined : domain;
};

/**
 * The locale cookie (§9): i18n_redirected, 365 days, path /, SameSite=Lax, supported locales
 * only; on the environment's parent domain when there is one (`cookieDomain`), so every host of
 * the exchange reads the same choice.
 */
export const localeCookie = (locale: string, domain?: string): string => {
  if (!isLocale(locale)) throw new TypeError(`unsupported locale: ${locale}`);
  return serializeCookie(LOCALE_COOKIE.name, locale satisfies Locale, {
    maxAge: LOCALE_COOKIE.maxAgeDays * 24 * 60 * 60,
    path: LOCALE_COOKIE.path,
    sameSite: LOCALE_COOKIE.sameSite,
    ...(domain ? { domain } : {}),
  });
};
