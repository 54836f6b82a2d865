import { DEFAULT_LOCALE } from './locales.ts';

/**
 * How locales appear in paths (spec §2: "locale prefixes can be stripped or added according to
 * a configured strategy"), one deployment-wide choice, `LOCALE_STRATEGY`:
 * - `prefix` (the default): every locale under its prefix (`/en/launchpad`, `/ja-JP/launchpad`);
 *   an address without one is sent to the visitor's locale.
 * - `prefix_except_default`: the default language without a prefix (`/launchpad`), its prefixed
 *   spelling redirected there; every other locale, the legacy en-US included, keeps its prefix.
 * Every link, canonical, alternate, sitemap entry and redirect is spelled through `localePrefix`.
 */
export const LOCALE_STRATEGIES = ['prefix', 'prefix_except_default'] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

const isStrategy = (value: string): value is LocaleStrategy =>
  (LOCALE_STRATEGIES as readonly string[]).includes(value);

/** `LOCALE_STRATEGY` → the strategy; unset or empty: `prefix`; anything else is a startup error. */
export const parseLocaleStrategy = (
  value: string | undefined,
): LocaleStrategy => {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return 'prefix';
  if (isStrategy(trimmed)) return trimmed;
  throw new Error(
    `LOCALE_STRATEGY must be one of ${LOCALE_STRATEGIES.join(', ')} (got ${JSON.stringify(trimmed)})`,
  );
};

let configured: LocaleStrategy | undefined;

/**
 * This deployment's strategy, read once from the environment (server only: no client code
 * spells paths; in a browser bundle it is `prefix`, which nothing there reads).
 */
export const localeStrategy = (): LocaleStrategy =>
  (configured ??= parseLocaleStrategy(
    typeof process === 'undefined' ? undefined : process.env.LOCALE_STRATEGY,
  ));

/** The path prefix of a locale under a strategy: `/ja-JP`, or '' for the unprefixed default. */
export const localePrefix = (
  locale: string,
  strategy: LocaleStrategy = localeStrategy(),
): string =>
  strategy === 'prefix_except_default' && locale === DEFAULT_LOCALE
    ? ''
    : `/${locale}`;

/**
 * A path (after the locale) under a locale's prefix: `/ja-JP/launchpad`; `/launchpad` for the
 * unprefixed default, whose home is `/`.
 */
export const localePath = (
  locale: string,
  path: string,
  strategy: LocaleStrategy = localeStrategy(),
): string => `${localePrefix(locale, strategy)}${path}` || '/';
