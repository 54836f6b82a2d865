import type { Messages } from '@lingui/core';

/**
 * The pseudo-locale for development (docs/translators.md): Lingui's compile accents every
 * message of the `pseudo` catalog ("Ŝķĩƥ ţō ćōńţēńţ"); `expandPseudoMessages` then makes each
 * about 35% longer and brackets it, "[Ŝķĩƥ ţō ćōńţēńţ ĺōŕēḿ]", so that in the browser
 *
 * - text without accents was never extracted (a hard-coded string),
 * - a missing "]" means the text is cut off (overflow), and long translations (German, French,
 *   Russian run 20–35% longer than English) are rehearsed before they exist.
 *
 * Only literal text is padded: placeholders, plural/select structures and `#` stay exactly as
 * compiled, so the pseudo catalog renders with the same values as every other locale.
 * Pure and synchronous: used by scripts/i18n-compile.ts, safe anywhere.
 */
export const PSEUDO_LOCALE = 'pseudo';
export const PSEUDO_EXPANSION = 0.35;

/** Accented filler that reads like text and wraps like text (it has spaces). */
const FILLER = 'ĺōŕēḿ ĩƥśũḿ ďōĺōŕ śĩţ àḿēţ ćōńśēćţēţũŕ àďĩƥĩśćĩńĝ ēĺĩţ ';

/** A compiled Lingui message: text, or a list of text and placeholder tokens. */
type CompiledToken = string | CompiledPlaceholder;
type CompiledPlaceholder =
  [name: string] | [name: string, type: string, format?: unknown];
/** A message as a catalog holds it (`Messages[id]`), compiled or not. */
export type CatalogMessage = Messages[string];

const filler = (length: number): string => {
  if (length <= 0) return '';
  let text = ' ';
  while (text.length < length) text += FILLER;
  return text.slice(0, length);
};

const isText = (token: CompiledToken): token is string =>
  typeof token === 'string' && token !== '#';

const literalLength = (tokens: readonly CompiledToken[]): number =>
  tokens.reduce((n, t) => n + (isText(t) ? t.length : 0), 0);

const SELECTS = new Set(['plural', 'select', 'selectordinal']);

/** Pads every case of plural/select placeholders (each case is a message of its own). */
const expandPlaceholder = (
  token: CompiledPlaceholder,
  ratio: number,
): CompiledPlaceholder => {
  const [name, type, format] = token;
  if (
    type === undefined ||
    !SELECTS.has(type) ||
    typeof format !== 'object' ||
    format === null
  )
    return token;
  const cases = Object.fromEntries(
    Object.entries(format).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? expandTokens(value as CompiledToken[], ratio, false)
        : value,
    ]),
  );
  return [name, type, cases];
};

const expandTokens = (
  tokens: readonly CompiledToken[],
  ratio: number,
  bracket: boolean,
): CompiledToken[] => {
  const out: CompiledToken[] = tokens.map((t) =>
    typeof t === 'string' ? t : expandPlaceholder(t, ratio),
  );
  const length = literalLength(tokens);
  if (length === 0) return out;
  const pad = filler(Math.round(length * ratio) - (bracket ? 2 : 0));
  const tail = out.at(-1);
  if (bracket || pad) {
    const end = `${pad}${bracket ? ']' : ''}`;
    if (tail !== undefined && isText(tail)) out[out.length - 1] = tail + end;
    else out.push(end);
  }
  if (bracket) {
    const head = out[0];
    if (head !== undefined && isText(head)) out[0] = `[${head}`;
    else out.unshift('[');
  }
  return out;
};

/** One compiled message, about `ratio` longer in literal text and bracketed. */
export const expandPseudoMessage = (
  message: CatalogMessage,
  ratio = PSEUDO_EXPANSION,
): CatalogMessage =>
  typeof message === 'string'
    ? (expandTokens([message], ratio, true)[0] as string)
    : expandTokens(message as readonly CompiledToken[], ratio, true);

/** Every message of a compiled catalog (locale/pseudo/messages.json), expanded. */
export const expandPseudoMessages = (
  messages: Messages,
  ratio = PSEUDO_EXPANSION,
): Messages =>
  Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [
      id,
      expandPseudoMessage(message, ratio),
    ]),
  );
