import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';

import type { Locale } from '../i18n/locales.ts';
import type { JsonLd, StructuredDataContext } from './structured-data.ts';

export type { StructuredDataContext };

export type PageProps = {
  readonly locale: Locale;
  /** The key of a keyed route (launchpad id, campaign name, lucky-draw name). */
  readonly routeKey?: string | undefined;
  /** The query string: state kept in the URL (filters, searches) so pages work before hydration. */
  readonly search?: URLSearchParams;
};

/** The route validate step (spec §2): true, or the status to answer with (default 404). */
export type ValidateResult =
  true | { statusCode: number; statusMessage: string };

/** A route's page module (`page.tsx`): the view, and nothing else. */
export type PageView = {
  readonly default: (props: PageProps) => ReactNode | Promise<ReactNode>;
};

/**
 * A route's hooks beside its view, from its feature folder's `seo.ts` (every one optional): how
 * its key is checked and named, what the sitemap, the 404 of unknown keys, the share image and
 * the JSON-LD read from its data.
 */
export type PageHooks = {
  readonly validate?: (
    key: string,
    locale: Locale,
  ) => ValidateResult | Promise<ValidateResult>;
  /** A display name for the key, used in <title> and the heading (e.g. the project name). */
  readonly keyLabel?: (key: string, locale: Locale) => string | Promise<string>;
  /**
   * The `{key}` of an unkeyed page's title and heading, from its data (the competition's year
   * from its dates), so the words never repeat what the data says.
   */
  readonly label?: (locale: Locale) => string | Promise<string>;
  /** Keys of a keyed route for the sitemap. */
  readonly sitemapKeys?: () => Promise<readonly string[]>;
  /**
   * Every key of a keyed route the API answers for with anything but a 404 (a delisted
   * project's 410 included), from the list the site already fetches: a key outside it is
   * answered with the 404 without a lookup or a render (middleware/not-found-keys.ts).
   */
  readonly knownKeys?: (locale: Locale) => Promise<readonly string[]>;
  /**
   * When the page last changed, from its data (the sitemap's <lastmod>): a key for keyed
   * routes. Undefined when the data has no date: the build time stands in.
   */
  readonly sitemapLastmod?: (key?: string) => Promise<string | undefined>;
  /**
   * The key figures of the page's share image (label → formatted value, at most three), in the
   * page's language: a launch's price and participants, a competition's prize pool.
   */
  readonly shareFigures?: (context: {
    readonly locale: Locale;
    readonly routeKey?: string | undefined;
    readonly i18n: I18n;
  }) => Promise<readonly (readonly [string, string])[]>;
  /** JSON-LD of what the page shows (an Event for phases), beside the breadcrumbs every page has. */
  readonly structuredData?: (
    context: StructuredDataContext,
  ) => Promise<readonly JsonLd[]>;
};

/** The `{key}` value of a page's words: the key's label, the key itself, or the page's own label. */
export const pageLabel = async (
  mod: PageHooks,
  key: string | undefined,
  locale: Locale,
): Promise<string | undefined> => {
  if (key === undefined) return mod.label ? await mod.label(locale) : undefined;
  return key && mod.keyLabel ? await mod.keyLabel(key, locale) : key;
};
