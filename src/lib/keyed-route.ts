import 'server-only';

import type { MessageDescriptor } from '@lingui/core';

import type { Locale } from '../i18n/locales.ts';
import { getServerI18n } from './i18n/server.ts';
import type { ValidateResult } from './page.ts';

/**
 * The route-table side of a page whose address ends in a key the API knows (a lucky draw's
 * name, a campaign's name): `validate` answers 404 for a key the page's `lookup` does not find,
 * `keyLabel` names the key in the reader's language for the title and heading (the key itself
 * where `names` has no name for it).
 */
export const keyedRoute = (
  lookup: (key: string, locale: Locale) => Promise<unknown>,
  names: Readonly<Record<string, MessageDescriptor>>,
) => ({
  validate: async (key: string, locale: Locale): Promise<ValidateResult> =>
    (await lookup(key, locale))
      ? true
      : { statusCode: 404, statusMessage: 'Not Found' },
  keyLabel: (key: string, locale: Locale): string => {
    const name = names[key];
    return name ? getServerI18n(locale)._(name) : key;
  },
});
