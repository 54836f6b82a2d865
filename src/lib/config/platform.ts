/**
 * The client platform sent in the Platform request header (spec §7, §9): `pc`, `h5`,
 * `android` or `ios`, detected from the user agent. Pure: the user agent comes in as an
 * argument.
 *
 * The user agent is cut to UA_MAX_LENGTH (500) characters before anything looks at it, and
 * every pattern here is linear in its input, so a 16 KB garbage header costs microseconds.
 *
 * The native app's user agent carries, within those 500 characters:
 *
 *     <marker>/<major>.<minor>.<patch> … <android|ios>
 *
 * - `<marker>`: the product token, `ExchangeApp` by default (case-sensitive), not preceded
 *   by a letter, digit, `.`, `_` or `-` (`MyExchangeApp/1.2.3` is not the app);
 * - a version of exactly three dot-separated numbers of 1–6 digits each, not followed by
 *   another digit or dot (`3.12` and `3.12.0.1` are not the app);
 * - then, anywhere after the version, the word `android` or `ios` (any case, not part of a
 *   longer word): the first one found is the platform.
 *
 * Example: `Mozilla/5.0 (Linux; Android 14; Pixel 8) … ExchangeApp/3.12.0 (android)`.
 */
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

import { createTextMemo } from '../memo.ts';
import { UA_MAX_LENGTH } from './constants.ts';

export const PLATFORMS = ['pc', 'h5', 'android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];
export type AppPlatform = Extract<Platform, 'android' | 'ios'>;

export const DEFAULT_APP_MARKER = 'ExchangeApp';

export type AppUserAgent = {
  /** `major.minor.patch`, as in the user agent. */
  readonly version: string;
  readonly platform: AppPlatform;
};

const MARKER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const APP_PLATFORM = /(?<![A-Za-z0-9])(android|ios)(?![A-Za-z0-9])/i;
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

const markerPatterns = new Map<string, RegExp>();

/** The marker's pattern, compiled once per marker (an invalid marker means the default). */
const markerPattern = (appMarker: string): RegExp => {
  const marker = MARKER.test(appMarker) ? appMarker : DEFAULT_APP_MARKER;
  let pattern = markerPatterns.get(marker);
  if (!pattern) {
    const escaped = marker.replace(REGEX_SPECIAL, '\\$&');
    pattern = new RegExp(
      `(?<![A-Za-z0-9._-])${escaped}/(\\d{1,6}\\.\\d{1,6}\\.\\d{1,6})(?![\\d.])`,
    );
    if (markerPatterns.size >= 16) markerPatterns.clear();
    markerPatterns.set(marker, pattern);
  }
  return pattern;
};

const trimUserAgent = (userAgent: string | undefined): string =>
  typeof userAgent === 'string' ? userAgent.slice(0, UA_MAX_LENGTH) : '';

/** The native app's version and platform, or null when the user agent is not the app's. */
export const parseAppUserAgent = (
  userAgent: string | undefined,
  appMarker: string = DEFAULT_APP_MARKER,
): AppUserAgent | null => {
  const ua = trimUserAgent(userAgent);
  const match = markerPattern(appMarker).exec(ua);
  const version = match?.[1];
  if (!match || version === undefined) return null;
  const rest = ua.slice(match.index + match[0].length);
  const platform = APP_PLATFORM.exec(rest)?.[1]?.toLowerCase();
  return platform === 'android' || platform === 'ios'
    ? { version, platform }
    : null;
};

/** Platforms already read, by app marker and user agent. */
const platforms = createTextMemo<Platform>(1000);

/**
 * `android` or `ios` for the native app, `h5` for a phone or tablet browser, `pc` for
 * everything else: desktop browsers, bots (even those posing as phones), empty or unknown
 * user agents.
 */
export const detectPlatform = (
  userAgent: string | undefined,
  appMarker: string = DEFAULT_APP_MARKER,
): Platform => {
  const ua = trimUserAgent(userAgent).trim();
  if (ua === '') return 'pc';
  // the bot list and the device parser are large regular expressions: once per browser
  return platforms(`${appMarker}\n${ua}`, () => {
    const app = parseAppUserAgent(ua, appMarker);
    if (app) return app.platform;
    if (isbot(ua)) return 'pc';
    const device = new UAParser(ua).getDevice().type;
    return device === 'mobile' || device === 'tablet' ? 'h5' : 'pc';
  });
};

export const isMobilePlatform = (platform: Platform): boolean =>
  platform !== 'pc';
