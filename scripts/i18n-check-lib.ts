/**
 * The checks behind `npm run i18n:check`, as pure functions (unit-tested in i18n-check.test.ts):
 *
 * - staleness: the PO catalogs against what extraction finds in the source (new, removed or
 *   changed messages), and en-US against en;
 * - missing messages (empty msgstr) in a locale, before any fallback;
 * - ICU MessageFormat syntax of a translation (spec §8: unbalanced braces, empty placeholder,
 *   unterminated quote, invalid escape, and whatever else the parser Lingui compiles with rejects);
 * - placeholders, plural/select arguments and Trans tags (`<0>…</0>`) against the source, and the
 *   plural categories a plural needs in the translation's language;
 * - length: a message its source marks as sitting in a narrow place (`at most N characters` in
 *   its comment: column headers, buttons, tabs, menu items) no wider than N, a CJK character
 *   counting as two (it is drawn about twice as wide as a Latin letter);
 * - the glossary (locale/glossary.json): one term per concept in each locale, the term the
 *   glossary names wherever the English says the concept, never a term it lists to avoid,
 *   except for the messages its exceptions name.
 *
 * No I/O here: the CLI (i18n-check.ts) reads the catalogs and runs the extraction.
 */
import { parse, type Token } from '@messageformat/parser';

export type ArgKind =
  'plain' | 'plural' | 'select' | 'selectordinal' | 'function';

export type Problem =
  | { kind: 'missing' }
  | { kind: 'unbalanced-braces' }
  | { kind: 'empty-placeholder' }
  | { kind: 'unterminated-quote' }
  | { kind: 'invalid-escape' }
  | { kind: 'syntax'; detail: string }
  | {
      kind: 'placeholder-mismatch';
      missing: string[];
      extra: string[];
      /** Arguments whose kind changed, e.g. `{gender}` select in the source, plain here. */
      changed?: string[];
    }
  | { kind: 'tag-mismatch'; missing: string[]; extra: string[] }
  | {
      kind: 'plural-categories';
      arg: string;
      missing: string[];
      unknown: string[];
    }
  | { kind: 'missing-other-case'; arg: string }
  /** `{count}` where the plural's `#` would format the number in the locale (1,000 / 1.000). */
  | { kind: 'raw-plural-number'; arg: string }
  /** Longer than the limit the source states for a short UI label (`at most 24 characters`). */
  | { kind: 'too-long'; length: number; limit: number }
  /** The English names a glossary concept and the translation does not use the locale's term. */
  | { kind: 'glossary-missing'; concept: string; term: string }
  /** The translation uses a term the glossary lists to avoid for this locale. */
  | { kind: 'glossary-avoided'; concept: string; found: string; term: string };

export type ProblemKind = Problem['kind'];

// ── ICU syntax ────────────────────────────────────────────────────────────────────

/** An apostrophe before one of these starts a quoted literal (as in the lexer Lingui uses). */
const QUOTE_STARTERS = new Set(['{', '}', '#']);

/**
 * Structural problems the ICU parser reports poorly or not at all (`{}` and a stray `}` parse
 * as literal text; a quote without its closing apostrophe silently becomes an apostrophe).
 * Found by one quote-aware scan.
 */
export const syntaxProblems = (text: string): Problem[] => {
  const problems: Problem[] = [];
  let depth = 0;
  let quoted = false;
  let unbalanced = false;
  let escape = false;
  let empty = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'") {
      if (next === "'") {
        i++; // '' is a literal apostrophe, inside or outside a quote
        continue;
      }
      if (quoted) quoted = false;
      else if (next !== undefined && QUOTE_STARTERS.has(next)) quoted = true;
      continue;
    }
    if (quoted) continue;
    if (ch === '\\' && (next === '{' || next === '}' || next === "'"))
      escape = true;
    if (ch === '{') {
      if (/^\{\s*[,}]/.test(text.slice(i))) empty = true;
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth < 0) {
        unbalanced = true;
        depth = 0;
      }
    }
  }
  if (escape) problems.push({ kind: 'invalid-escape' });
  if (empty) problems.push({ kind: 'empty-placeholder' });
  if (quoted) problems.push({ kind: 'unterminated-quote' });
  if (unbalanced || depth !== 0) problems.push({ kind: 'unbalanced-braces' });
  return problems;
};

/** The parse tree of a message, or the parser's error (first line only). */
export const parseMessage = (text: string): Token[] | { error: string } => {
  try {
    return parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.split('\n')[0]?.replace(/:$/, '') ?? message };
  }
};

// ── Arguments, cases and tags ─────────────────────────────────────────────────────

type ArgInfo = { kind: ArgKind; cases: Set<string> };

const collectArgs = (
  tokens: Token[],
  into: Map<string, ArgInfo>,
): Map<string, ArgInfo> => {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') {
      if (!into.has(token.arg))
        into.set(token.arg, {
          kind: token.type === 'argument' ? 'plain' : 'function',
          cases: new Set(),
        });
    } else if (
      token.type === 'plural' ||
      token.type === 'select' ||
      token.type === 'selectordinal'
    ) {
      const info = into.get(token.arg);
      const cases = new Set(token.cases.map((c) => c.key));
      if (!info || info.kind === 'plain')
        into.set(token.arg, { kind: token.type, cases });
      else for (const key of cases) info.cases.add(key);
      for (const c of token.cases) collectArgs(c.tokens, into);
    }
  }
  return into;
};

/** Every argument of a parsed message with its kind (plain, plural, select…) and case keys. */
export const argumentsOf = (tokens: Token[]): Map<string, ArgInfo> =>
  collectArgs(tokens, new Map());

/** The argument names of a message, or a parse error. */
export const messageArgs = (text: string): Set<string> | { error: string } => {
  const tokens = parseMessage(text);
  return 'error' in tokens ? tokens : new Set(argumentsOf(tokens).keys());
};

/** Lingui's <Trans> components become numbered tags: `<0>`, `</0>`, `<1/>` (in order). */
export const tagsOf = (text: string): string[] =>
  [...text.matchAll(/<(\/?)(\d+)\s*(\/?)>/g)].map(
    (m) => `<${m[1] ?? ''}${m[2] ?? ''}${m[3] ?? ''}>`,
  );

const multisetDiff = (a: string[], b: string[]): string[] => {
  const rest = [...b];
  return a.filter((x) => {
    const i = rest.indexOf(x);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
};

const pluralRulesCache = new Map<string, readonly string[]>();
/** The CLDR plural categories of a language ('one', 'few', 'many', 'other' for Russian). */
export const pluralCategories = (
  locale: string,
  type: 'cardinal' | 'ordinal' = 'cardinal',
): readonly string[] | undefined => {
  const key = `${locale}|${type}`;
  let categories = pluralRulesCache.get(key);
  if (!categories) {
    try {
      categories = new Intl.PluralRules(locale, { type }).resolvedOptions()
        .pluralCategories;
    } catch {
      return undefined;
    }
    pluralRulesCache.set(key, categories);
  }
  return categories;
};

/** Plural, selectordinal and select problems of one parsed message in a language. */
const caseProblems = (
  tokens: Token[],
  locale: string | undefined,
): Problem[] => {
  const problems: Problem[] = [];
  const walk = (list: Token[]) => {
    for (const token of list) {
      if (
        token.type !== 'plural' &&
        token.type !== 'select' &&
        token.type !== 'selectordinal'
      )
        continue;
      const keys = token.cases.map((c) => c.key);
      if (!keys.includes('other'))
        problems.push({ kind: 'missing-other-case', arg: token.arg });
      if (token.type !== 'select' && locale) {
        const categories = pluralCategories(
          locale,
          token.type === 'plural' ? 'cardinal' : 'ordinal',
        );
        if (categories) {
          const named = keys.filter((k) => !k.startsWith('='));
          const missing = categories.filter((c) => !named.includes(c));
          const unknown = named.filter((k) => !categories.includes(k));
          if (missing.length || unknown.length)
            problems.push({
              kind: 'plural-categories',
              arg: token.arg,
              missing,
              unknown,
            });
        }
      }
      for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(tokens);
  return problems;
};

const isPluralKind = (kind: ArgKind | undefined) =>
  kind === 'plural' || kind === 'selectordinal';

/**
 * Plural numbers printed as plain arguments: `{count}` for an argument that is a plural in the
 * source, or inside a branch of its own plural. `#` formats it with the locale's digits and
 * grouping; `{count}` prints it as it comes. Each argument is reported once.
 */
export const rawPluralNumbers = (
  tokens: Token[],
  sourceArgs: ReadonlyMap<string, ArgInfo>,
): Problem[] => {
  const found = new Set<string>();
  const walk = (list: Token[], enclosing: ReadonlySet<string>) => {
    for (const token of list) {
      if (
        token.type === 'argument' &&
        (enclosing.has(token.arg) ||
          isPluralKind(sourceArgs.get(token.arg)?.kind))
      )
        found.add(token.arg);
      else if (token.type === 'plural' || token.type === 'selectordinal') {
        const inner = new Set(enclosing).add(token.arg);
        for (const c of token.cases) walk(c.tokens, inner);
      } else if (token.type === 'select')
        for (const c of token.cases) walk(c.tokens, enclosing);
    }
  };
  walk(tokens, new Set());
  return [...found].map((arg) => ({ kind: 'raw-plural-number', arg }));
};

/** The length limit a source states in its extracted comments (`… at most 24 characters`). */
export const statedLimit = (
  comments: readonly string[] | undefined,
): number | undefined => {
  for (const comment of comments ?? []) {
    const m = /\bat most (\d+) characters\b/i.exec(comment);
    if (m?.[1]) return Number(m[1]);
  }
  return undefined;
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Length as a reader counts it: grapheme clusters (Thai vowel marks, emoji, accents are one). */
export const visibleLength = (text: string): number =>
  [...graphemes.segment(text)].length;

/** East Asian wide and fullwidth letters: Han, kana, Hangul, fullwidth forms and CJK punctuation. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

/**
 * The width a label takes, in Latin letters: graphemes, a wide (CJK) one counting as two. The
 * length a narrow place's limit is measured in.
 */
export const displayWidth = (text: string): number => {
  let width = 0;
  for (const { segment } of graphemes.segment(text))
    width += WIDE.test(segment) ? 2 : 1;
  return width;
};

// ── Glossary ──────────────────────────────────────────────────────────────────────

/** One concept of the glossary and its term in each locale. */
export type GlossaryTerm = {
  /** The concept in English, as reports name it. */
  readonly concept: string;
  /** A regular expression (case-insensitive) that finds the concept in an English message. */
  readonly source: string;
  readonly locales: Readonly<
    Record<
      string,
      {
        /** The term; regular expressions (case-insensitive), one of which a translation uses. */
        readonly use: readonly string[];
        /** Terms for the same concept the locale does not use (regular expressions). */
        readonly avoid?: readonly string[] | undefined;
      }
    >
  >;
};

/** A message of a locale the glossary does not apply to, with why. */
export type GlossaryException = {
  readonly locale: string;
  readonly id: string;
  readonly concept: string;
  readonly reason: string;
};

export type Glossary = {
  readonly terms: readonly GlossaryTerm[];
  readonly exceptions: readonly GlossaryException[];
};

const regex = (pattern: string) => new RegExp(pattern, 'iu');

/**
 * A translation against the glossary: the locale's term wherever the English names the concept,
 * and none of the terms it avoids anywhere. `id` and `locale` pick out the exceptions.
 */
export const glossaryProblems = (
  glossary: Glossary,
  locale: string,
  id: string,
  source: string,
  translation: string,
): Problem[] => {
  const problems: Problem[] = [];
  for (const term of glossary.terms) {
    const own = term.locales[locale];
    if (!own) continue;
    if (
      glossary.exceptions.some(
        (e) => e.locale === locale && e.id === id && e.concept === term.concept,
      )
    )
      continue;
    const shown = own.use[0] ?? '';
    for (const avoided of own.avoid ?? []) {
      const found = regex(avoided).exec(translation);
      if (found)
        problems.push({
          kind: 'glossary-avoided',
          concept: term.concept,
          found: found[0],
          term: shown,
        });
    }
    if (
      regex(term.source).test(source) &&
      !own.use.some((use) => regex(use).test(translation))
    )
      problems.push({
        kind: 'glossary-missing',
        concept: term.concept,
        term: shown,
      });
  }
  return problems;
};

/**
 * Every problem of one translation against its source message. `locale` (an Intl tag) enables
 * the plural-category check; without it plurals are only checked for an `other` case.
 *
 * A translation may turn a plain number into a plural (`{0}` → `{0, plural, one {…} other {…}}`)
 * or drop a plural its language does not need, but never a select: its branches carry meaning.
 */
export const checkTranslation = (
  source: string,
  translation: string | undefined,
  locale?: string,
): Problem[] => {
  if (!translation) return [{ kind: 'missing' }];
  const structural = syntaxProblems(translation);
  if (structural.length) return structural;
  const tokens = parseMessage(translation);
  if ('error' in tokens) return [{ kind: 'syntax', detail: tokens.error }];
  const problems: Problem[] = caseProblems(tokens, locale);
  const sourceTokens = parseMessage(source);
  if ('error' in sourceTokens) return problems;
  const expected = argumentsOf(sourceTokens);
  problems.push(...rawPluralNumbers(tokens, expected));
  const actual = argumentsOf(tokens);
  const missing = [...expected.keys()].filter((a) => !actual.has(a));
  const extra = [...actual.keys()].filter((a) => !expected.has(a));
  const changed = [...expected]
    .filter(([name, info]) => {
      const other = actual.get(name);
      if (!other) return false;
      const isSelect = (k: ArgKind) => k === 'select';
      if (isSelect(info.kind) !== isSelect(other.kind)) return true;
      // a select's keys are values of the argument: a translation cannot invent new ones
      return (
        info.kind === 'select' &&
        [...other.cases].some((k) => k !== 'other' && !info.cases.has(k))
      );
    })
    .map(([name]) => name);
  if (missing.length || extra.length || changed.length)
    problems.push({
      kind: 'placeholder-mismatch',
      missing,
      extra,
      ...(changed.length ? { changed } : {}),
    });
  const sourceTags = tagsOf(source);
  const tags = tagsOf(translation);
  const tagsMissing = multisetDiff(sourceTags, tags);
  const tagsExtra = multisetDiff(tags, sourceTags);
  if (tagsMissing.length || tagsExtra.length)
    problems.push({
      kind: 'tag-mismatch',
      missing: tagsMissing,
      extra: tagsExtra,
    });
  return problems;
};

const braces = (names: string[]) => names.map((n) => `{${n}}`).join(', ');

/** One problem in words, e.g. `placeholder mismatch ({key} missing)`. */
export const describeProblem = (p: Problem): string => {
  switch (p.kind) {
    case 'placeholder-mismatch': {
      const parts = [
        p.missing.length ? `${braces(p.missing)} missing` : '',
        p.extra.length ? `${braces(p.extra)} not in the source` : '',
        p.changed?.length ? `${braces(p.changed)} changed kind or cases` : '',
      ].filter(Boolean);
      return `placeholder mismatch (${parts.join('; ')})`;
    }
    case 'tag-mismatch': {
      const parts = [
        p.missing.length ? `${p.missing.join(' ')} missing` : '',
        p.extra.length ? `${p.extra.join(' ')} not in the source` : '',
      ].filter(Boolean);
      return `tag mismatch (${parts.join('; ')})`;
    }
    case 'plural-categories': {
      const parts = [
        p.missing.length ? `needs ${p.missing.join(', ')}` : '',
        p.unknown.length
          ? `${p.unknown.join(', ')} not used in this language`
          : '',
      ].filter(Boolean);
      return `plural categories of {${p.arg}}: ${parts.join('; ')}`;
    }
    case 'missing-other-case':
      return `{${p.arg}} has no "other" case`;
    case 'raw-plural-number':
      return `{${p.arg}} printed raw: use # inside {${p.arg}, plural, …} so the number is formatted for the locale`;
    case 'too-long':
      return `${p.length} characters wide, at most ${p.limit}`;
    case 'glossary-missing':
      return `"${p.concept}" without the glossary's term ${JSON.stringify(p.term)}`;
    case 'glossary-avoided':
      return `${JSON.stringify(p.found)} for "${p.concept}", the glossary says ${JSON.stringify(p.term)}`;
    case 'syntax':
      return `ICU syntax error (${p.detail})`;
    default:
      return p.kind.replace(/-/g, ' ');
  }
};

// ── Catalogs ──────────────────────────────────────────────────────────────────────

/** A PO catalog entry as @lingui/format-po parses it (the fields the checks read). */
export type CatalogEntry = {
  readonly message?: string | undefined;
  readonly translation?: string | undefined;
  readonly origin?: readonly (readonly [string, number?])[] | undefined;
  readonly obsolete?: boolean | undefined;
  /** The translators' notes (`#.`) as the source wrote them; the derived ones are not read. */
  readonly comments?: readonly string[] | undefined;
};
export type Catalog = Readonly<Record<string, CatalogEntry>>;

/** What extraction finds in the source: id → the message as written in the code. */
export type Extracted = Readonly<
  Record<
    string,
    {
      readonly message?: string | undefined;
      readonly origin?: readonly (readonly [string, number?])[];
      readonly comments?: readonly string[] | undefined;
    }
  >
>;

export type Finding = {
  readonly kind: ProblemKind | 'stale';
  readonly id: string;
  readonly text: string;
};

const sourceText = (
  id: string,
  message: { message?: string | undefined } | undefined,
) => message?.message ?? id;

const live = (catalog: Catalog) =>
  Object.entries(catalog).filter(([, entry]) => !entry.obsolete);

const short = (text: string, max = 70) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A catalog against the extracted source: messages extraction would add, remove or change.
 * For the source locale the msgstr must be the message in the code (lingui keeps an edited
 * msgstr of an explicit id, so a changed default would never reach the catalog otherwise).
 */
export const staleFindings = (
  extracted: Extracted,
  catalog: Catalog,
  isSourceLocale: boolean,
): Finding[] => {
  const findings: Finding[] = [];
  const origins = (o: readonly (readonly [string, number?])[] | undefined) =>
    [...new Set((o ?? []).map(([file]) => file))].sort().join(',');
  // Lingui's PO writer adds `placeholder {0}: <the code>` lines of its own
  const notes = (comments: readonly string[] | undefined) =>
    [...new Set(comments ?? [])]
      .filter((note) => !/^placeholder \{[^}]+\}: /.test(note))
      .sort()
      .join('\n');
  for (const [id, message] of Object.entries(extracted)) {
    const entry = catalog[id];
    const text = sourceText(id, message);
    if (!entry || entry.obsolete)
      findings.push({
        kind: 'stale',
        id,
        text: `new in the source: ${short(text)}`,
      });
    else if (isSourceLocale && entry.translation !== text)
      findings.push({
        kind: 'stale',
        id,
        text: `source text changed: ${short(entry.translation ?? '')} is now ${short(text)}`,
      });
    else if (origins(entry.origin) !== origins(message.origin))
      findings.push({
        kind: 'stale',
        id,
        text: `used in other files now: ${short(text)}`,
      });
    // the notes are what a translator reads, and a stated limit (`at most N characters`) is
    // checked from them: a catalog must carry the notes the source gives today
    else if (notes(entry.comments) !== notes(message.comments))
      findings.push({
        kind: 'stale',
        id,
        text: `translators' note changed: ${short(text)}`,
      });
  }
  for (const [id, entry] of Object.entries(catalog)) {
    if (extracted[id]) continue;
    findings.push({
      kind: 'stale',
      id,
      text: `${entry.obsolete ? 'obsolete entry left' : 'no longer in the source'}: ${short(entry.message ?? entry.translation ?? id)}`,
    });
  }
  return findings;
};

/**
 * Every translation of a locale against the source messages: missing, ICU syntax, placeholders,
 * tags, plural categories. `intlLocale` is the tag for plural rules (`zh-Hant-TW` for zh-TW).
 */
export const translationFindings = (
  source: Extracted,
  catalog: Catalog,
  intlLocale: string,
  glossary?: { readonly glossary: Glossary; readonly locale: string },
): Finding[] => {
  const findings: Finding[] = [];
  for (const [id, message] of Object.entries(source)) {
    const entry = catalog[id];
    // not in the catalog at all: staleFindings reports it (extraction adds it, then translate)
    if (!entry || entry.obsolete) continue;
    const text = sourceText(id, message);
    const problems = checkTranslation(text, entry.translation, intlLocale);
    const limit = statedLimit(message.comments);
    const length = displayWidth(entry.translation ?? '');
    if (limit !== undefined && entry.translation && length > limit)
      problems.push({ kind: 'too-long', length, limit });
    if (glossary && entry.translation)
      problems.push(
        ...glossaryProblems(
          glossary.glossary,
          glossary.locale,
          id,
          text,
          entry.translation,
        ),
      );
    for (const problem of problems)
      findings.push({
        kind: problem.kind,
        id,
        text:
          problem.kind === 'missing'
            ? `missing: ${short(text)}`
            : `${describeProblem(problem)} in ${short(entry.translation ?? '')}`,
      });
  }
  return findings;
};

/** en-US is en under another name (spec §3): every msgstr must be en's. */
export const aliasFindings = (
  target: Catalog,
  origin: Catalog,
  originCode: string,
): Finding[] =>
  live(origin)
    .filter(
      ([id, entry]) =>
        target[id]?.translation &&
        target[id]?.translation !== entry.translation,
    )
    .map(([id, entry]) => ({
      kind: 'stale' as const,
      id,
      text: `differs from ${originCode} (run npm run i18n:extract): ${short(entry.translation ?? '')}`,
    }));

const LABELS: Record<Finding['kind'], [string, string]> = {
  stale: ['stale entry', 'stale entries'],
  missing: ['missing', 'missing'],
  'unbalanced-braces': ['unbalanced braces', 'unbalanced braces'],
  'empty-placeholder': ['empty placeholder', 'empty placeholders'],
  'unterminated-quote': ['unterminated quote', 'unterminated quotes'],
  'invalid-escape': ['invalid escape', 'invalid escapes'],
  syntax: ['ICU syntax error', 'ICU syntax errors'],
  'placeholder-mismatch': ['placeholder mismatch', 'placeholder mismatches'],
  'tag-mismatch': ['tag mismatch', 'tag mismatches'],
  'plural-categories': ['plural category problem', 'plural category problems'],
  'missing-other-case': ['missing "other" case', 'missing "other" cases'],
  'raw-plural-number': ['raw plural number', 'raw plural numbers'],
  'too-long': ['label too long', 'labels too long'],
  'glossary-missing': ['glossary term missing', 'glossary terms missing'],
  'glossary-avoided': ['avoided term', 'avoided terms'],
};

/**
 * One locale's report: `de-DE: 2 missing, 1 placeholder mismatch ({key} missing in "…")`, then
 * one indented line per finding (at most `limit`). `ok` lines when there is nothing to say.
 */
export const formatLocaleReport = (
  locale: string,
  findings: readonly Finding[],
  messageCount: number,
  limit = 15,
): string[] => {
  if (!findings.length) return [`${locale}: ok (${messageCount} messages)`];
  const counts = new Map<Finding['kind'], number>();
  for (const f of findings) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  const order = Object.keys(LABELS);
  const summary = [...counts]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([kind, n]) => `${n} ${LABELS[kind][n === 1 ? 0 : 1]}`)
    .join(', ');
  const first = findings.find(
    (f) => f.kind !== 'missing' && f.kind !== 'stale',
  );
  const detail = first
    ? ` (${first.text.replace(/^[^(]*\(([^)]*)\) in/, '$1 in')})`
    : '';
  const lines = [`${locale}: ${summary}${detail}`];
  for (const f of findings.slice(0, limit))
    lines.push(`    ${f.text}  [${f.id}]`);
  if (findings.length > limit)
    lines.push(`    … ${findings.length - limit} more`);
  return lines;
};
