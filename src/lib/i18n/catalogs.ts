import type { Messages } from '@lingui/core';

import { LOCALE_CODES, type Locale } from '../locales.ts';

/**
 * The compiled catalogs (`npm run i18n:compile` writes them; they are git-ignored).
 * `messages.json` is the whole catalog for the server; `client.json` holds only the
 * messages that client widgets use.
 */
const full = import.meta.glob<{ messages: Messages }>(
  '../../../locale/*/messages.json',
  {
    eager: true,
    import: 'default',
  },
);
const client = import.meta.glob<{ messages: Messages }>(
  '../../../locale/*/client.json',
  {
    eager: true,
    import: 'default',
  },
);

const pick = (
  table: Record<string, { messages: Messages }>,
  locale: string,
  file: string,
): Messages => {
  const entry = table[`../../../locale/${locale}/${file}`];
  if (!entry) {
    throw new Error(
      `Missing compiled catalog locale/${locale}/${file}: run npm run i18n:compile`,
    );
  }
  return entry.messages;
};

export const serverMessages = (locale: Locale): Messages =>
  pick(full, locale, 'messages.json');
export const clientMessages = (locale: Locale): Messages =>
  pick(client, locale, 'client.json');

export const ALL_LOCALES_COMPILED = LOCALE_CODES.every(
  (code) => `../../../locale/${code}/messages.json` in full,
);
