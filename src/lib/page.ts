import type { ReactNode } from 'react';

import type { Locale } from './locales.ts';

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

export type PageModule = {
  readonly default: (props: PageProps) => ReactNode | Promise<ReactNode>;
  readonly validate?: (
    key: string,
    locale: Locale,
  ) => ValidateResult | Promise<ValidateResult>;
  /** A display name for the key, used in <title> and the heading (e.g. the project name). */
  readonly keyLabel?: (key: string, locale: Locale) => string | Promise<string>;
  /** Keys of a keyed route for the sitemap. */
  readonly sitemapKeys?: () => Promise<readonly string[]>;
};
