import { setupI18n, type I18n, type Messages } from '@lingui/core';

/** A compiled message that is text alone (`['Subscribing now']`), without escapes to undo. */
const isPlainText = (message: Messages[string]): message is [string] =>
  Array.isArray(message) &&
  message.length === 1 &&
  typeof message[0] === 'string' &&
  !message[0].includes('\\');

/**
 * The compiler for the messages held as text: the text itself. Lingui returns a string its
 * compiler gives back as it is (its `_`: a string result is the answer); its types promise only
 * token arrays, hence the cast.
 */
const asIs = ((message: string) => message) as unknown as Parameters<
  I18n['setMessagesCompiler']
>[0];

/**
 * The server's Lingui instance for one locale and catalog. Most messages are text alone, yet
 * compiled they are one-item arrays, and Lingui answers every array through its interpolator:
 * a dozen closures and a format table per call, about a tenth of what an uncached page
 * allocated (decision 0023). Such messages are held here as their text, which Lingui returns as
 * it is once a compiler is set. The compiler is the identity: every message in the catalog is
 * compiled already, and a one-item array of text has nothing left to fill in.
 */
export const createServerI18n = (locale: string, messages: Messages): I18n => {
  const held: Messages = {};
  for (const [id, message] of Object.entries(messages))
    held[id] = isPlainText(message) ? message[0] : message;
  const i18n = setupI18n({ locale, messages: { [locale]: held } });
  i18n.setMessagesCompiler(asIs);
  return i18n;
};
