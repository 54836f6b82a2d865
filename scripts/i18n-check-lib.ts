/**
 * The checks behind `npm run i18n:check`, as pure functions (unit-tested in
 * i18n-check.test.ts): ICU syntax of a translation (spec §8: unbalanced braces, empty
 * placeholder, unterminated quote, invalid escape) and its placeholders against the source.
 */
import { parse, type Token } from '@messageformat/parser';

export type Problem =
  | { kind: 'missing' }
  | { kind: 'unbalanced-braces' }
  | { kind: 'empty-placeholder' }
  | { kind: 'unterminated-quote' }
  | { kind: 'invalid-escape' }
  | { kind: 'syntax'; detail: string }
  | { kind: 'placeholder-mismatch'; missing: string[]; extra: string[] };

const SPECIAL_AFTER_QUOTE = new Set(['{', '}', '#', '|', "'"]);

/** Structural problems ICU parsers describe poorly: found by scanning, quote-aware. */
export const syntaxProblems = (text: string): Problem[] => {
  const problems: Problem[] = [];
  let depth = 0;
  let quoted = false;
  let unbalanced = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'") {
      if (next === "'") {
        i++;
        continue;
      }
      if (quoted) quoted = false;
      else if (next !== undefined && SPECIAL_AFTER_QUOTE.has(next))
        quoted = true;
      continue;
    }
    if (quoted) continue;
    if (ch === '\\' && (next === '{' || next === '}' || next === "'"))
      problems.push({ kind: 'invalid-escape' });
    if (ch === '{') {
      if (/^\{\s*\}/.test(text.slice(i)))
        problems.push({ kind: 'empty-placeholder' });
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth < 0) unbalanced = true;
    }
  }
  if (quoted) problems.push({ kind: 'unterminated-quote' });
  if (unbalanced || depth !== 0) problems.push({ kind: 'unbalanced-braces' });
  return problems;
};

const collectArgs = (tokens: Token[], into: Set<string>): Set<string> => {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function')
      into.add(token.arg);
    if (
      token.type === 'plural' ||
      token.type === 'select' ||
      token.type === 'selectordinal'
    ) {
      into.add(token.arg);
      for (const c of token.cases) collectArgs(c.tokens, into);
    }
  }
  return into;
};

/** The argument names of a message, or a parse error. */
export const messageArgs = (text: string): Set<string> | { error: string } => {
  try {
    return collectArgs(parse(text), new Set());
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

/** Every problem of one translation against its source message. */
export const checkTranslation = (
  source: string,
  translation: string | undefined,
): Problem[] => {
  if (!translation) return [{ kind: 'missing' }];
  const structural = syntaxProblems(translation);
  if (structural.length) return structural;
  const args = messageArgs(translation);
  if ('error' in args) return [{ kind: 'syntax', detail: args.error }];
  const expected = messageArgs(source);
  if ('error' in expected) return [];
  const missing = [...expected].filter((a) => !args.has(a));
  const extra = [...args].filter((a) => !expected.has(a));
  return missing.length || extra.length
    ? [{ kind: 'placeholder-mismatch', missing, extra }]
    : [];
};

export const describeProblem = (p: Problem): string => {
  switch (p.kind) {
    case 'placeholder-mismatch':
      return `placeholder mismatch${p.missing.length ? ` (missing {${p.missing.join('}, {')}})` : ''}${p.extra.length ? ` (unknown {${p.extra.join('}, {')}})` : ''}`;
    case 'syntax':
      return `ICU syntax error: ${p.detail}`;
    default:
      return p.kind.replace(/-/g, ' ');
  }
};
