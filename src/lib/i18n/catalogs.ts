import type { Messages } from '@lingui/core';

import type { Locale } from '../../i18n/locales.ts';
import { PSEUDO_LOCALE } from './pseudo.ts';

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

/**
 * The pseudo-locale switch (docs/translators.md): in development only, `npm run dev:pseudo`
 * (PSEUDO_LOCALE=1) renders every locale with the accented, ~35% longer pseudo catalog, so
 * strings that were never extracted stand out in plain English and overflow shows. Production
 * builds drop the check (import.meta.env.DEV is false there).
 */
const pseudoOn = (): boolean =>
  import.meta.env.DEV &&
  typeof process !== 'undefined' &&
  process.env.PSEUDO_LOCALE === '1';

export const serverMessages = (locale: Locale): Messages =>
  pick(full, pseudoOn() ? PSEUDO_LOCALE : locale, 'messages.json');
export const clientMessages = (locale: Locale): Messages =>
  pick(client, pseudoOn() ? PSEUDO_LOCALE : locale, 'client.json');
