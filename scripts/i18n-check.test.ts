import { readFileSync } from 'node:fs';

import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';

import {
  aliasFindings,
  checkTranslation,
  describeProblem,
  displayWidth,
  glossaryProblems,
  type Glossary,
  formatLocaleReport,
  staleFindings,
  statedLimit,
  syntaxProblems,
  translationFindings,
  type Catalog,
  type Extracted,
  visibleLength,
} from './i18n-check-lib.ts';

const kinds = (
  source: string,
  translation: string | undefined,
  locale?: string,
) => checkTranslation(source, translation, locale).map((p) => p.kind);

/** A small PO catalog as lingui writes it (generated ids, one explicit id). */
const po = (locale: string, entries: [string, string][], extra = '') =>
  formatter({ lineNumbers: false }).parse(
    [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=utf-8\\n"',
      `"Language: ${locale}\\n"`,
      '',
      ...entries.flatMap(([id, str]) => [
        ...(id.includes('.') ? ['#. js-lingui-explicit-id'] : []),
        '#: src/features/example/page.tsx',
        `msgid ${JSON.stringify(id)}`,
        `msgstr ${JSON.stringify(str)}`,
        '',
      ]),
      extra,
    ].join('\n'),
    { locale, sourceLocale: 'en', filename: `${locale}.po` },
  ) as Promise<Catalog>;

const EN: [string, string][] = [
  ['Error {status}', 'Error {status}'],
  ['{0} contracts', '{0} contracts'],
  ['launchpad-project.heading', '{key} token launch'],
  ['Skip to content', 'Skip to content'],
];

/** What extraction finds for EN: generated ids are hashes of the message. */
const extractedFrom = async (): Promise<Extracted> => {
  const en = await po('en', EN);
  return Object.fromEntries(
    Object.entries(en).map(([id, entry]) => [
      id,
      { message: entry.translation, origin: entry.origin ?? [] },
    ]),
  );
};

describe('ICU syntax (spec §8)', () => {
  it('accepts faithful translations, quotes and apostrophes', () => {
    expect(kinds('Error {status}', 'Fehler {status}')).toEqual([]);
    expect(kinds("It's {name}", "C'est {name}")).toEqual([]);
    expect(kinds('Use {x}', "Schreiben Sie '{x}' als {x}")).toEqual([]);
    expect(kinds('Use {x}', "l''{x}")).toEqual([]);
  });
  it('reports unbalanced braces', () => {
    expect(kinds('Error {status}', 'Fehler {status')).toEqual([
      'unbalanced-braces',
    ]);
    expect(kinds('Error {status}', 'Fehler status}')).toEqual([
      'unbalanced-braces',
    ]);
    expect(kinds('Error {status}', 'Fehler {status}}')).toEqual([
      'unbalanced-braces',
    ]);
  });
  it('reports an empty placeholder', () => {
    expect(kinds('Error {status}', 'Fehler {} {status}')).toEqual([
      'empty-placeholder',
    ]);
    expect(kinds('Error {status}', 'Fehler { } {status}')).toEqual([
      'empty-placeholder',
    ]);
  });
  it('reports an unterminated quote', () => {
    expect(kinds('Use {x}', "Use '{x} here")).toEqual(['unterminated-quote']);
  });
  it('reports an invalid escape', () => {
    expect(kinds('Use {x}', 'Use \\{x}')).toEqual(['invalid-escape']);
  });
  it('reports what else the parser rejects with its message', () => {
    const [problem] = checkTranslation(
      '{n, plural, other {#}}',
      '{n, plural, banana}',
    );
    expect(problem?.kind).toBe('syntax');
    expect(problem && describeProblem(problem)).toMatch(
      /^ICU syntax error \(.+\)$/,
    );
  });
  it('finds each structural problem once', () => {
    expect(syntaxProblems("a {} '{b c} d}")).toEqual([
      { kind: 'empty-placeholder' },
      { kind: 'unterminated-quote' },
    ]);
  });
});

describe('placeholders, arguments and tags', () => {
  it('reports a dropped, added or renamed placeholder', () => {
    expect(kinds('{key} token launch', 'Token-Launch')).toEqual([
      'placeholder-mismatch',
    ]);
    const [renamed] = checkTranslation(
      '{key} token launch',
      'Token-Launch von {name}',
    );
    expect(renamed && describeProblem(renamed)).toBe(
      'placeholder mismatch ({key} missing; {name} not in the source)',
    );
  });
  it('notices a placeholder swallowed by a quote', () => {
    // the apostrophe before {asset} opens a quote closed by the next one: {asset} becomes text
    expect(
      kinds('Buy {asset} now {x}', "Achat d'{asset} aujourd'hui {x}"),
    ).toEqual(['placeholder-mismatch']);
  });
  it('lets a translation pluralize a number, or drop a plural its language lacks', () => {
    expect(
      kinds(
        '{0} contracts',
        '{0, plural, one {# Kontrakt} other {# Kontrakte}}',
        'de-DE',
      ),
    ).toEqual([]);
    expect(
      kinds(
        '{count, plural, one {# item} other {# items}}',
        '{count, plural, other {# 件}}',
        'ja-JP',
      ),
    ).toEqual([]);
  });
  it('reports a plural number printed raw instead of with #', () => {
    const source = '{count, plural, one {# item} other {# items}}';
    // the plural dropped, its number printed as a plain argument
    expect(kinds(source, '{count} 件', 'ja-JP')).toEqual(['raw-plural-number']);
    // inside a branch of its own plural
    expect(
      kinds(source, '{count, plural, other {{count} 件}}', 'ja-JP'),
    ).toEqual(['raw-plural-number']);
    // a plain number the translation pluralizes, then prints raw
    expect(
      kinds(
        '{0} contracts',
        '{0, plural, one {{0} Kontrakt} other {# Kontrakte}}',
        'de-DE',
      ),
    ).toEqual(['raw-plural-number']);
    // another argument inside a branch is fine; so is a select around the plural
    expect(
      kinds(
        '{count, plural, one {# item in {name}} other {# items in {name}}}',
        '{count, plural, other {{name} に # 件}}',
        'ja-JP',
      ),
    ).toEqual([]);
    const problem = checkTranslation(source, '{count} 件', 'ja-JP')[0];
    expect(problem && describeProblem(problem)).toBe(
      '{count} printed raw: use # inside {count, plural, …} so the number is formatted for the locale',
    );
  });
  it('never lets a select become something else or invent cases', () => {
    const source = '{side, select, buy {Buy} sell {Sell} other {Trade}}';
    expect(kinds(source, '{side}')).toEqual(['placeholder-mismatch']);
    expect(
      kinds(source, '{side, select, buy {Kauf} short {Short} other {Handel}}'),
    ).toEqual(['placeholder-mismatch']);
    expect(kinds(source, '{side, select, buy {Kauf} other {Handel}}')).toEqual(
      [],
    );
  });
  it('reports Trans tags that are lost or added', () => {
    expect(
      kinds('Read <0>the rules</0>', 'Lesen Sie <0>die Regeln</0>'),
    ).toEqual([]);
    const [problem] = checkTranslation(
      'Read <0>the rules</0><1/>',
      'Lesen Sie die Regeln<1/>',
    );
    expect(problem && describeProblem(problem)).toBe(
      'tag mismatch (<0> </0> missing)',
    );
  });
  it('checks plural categories against the language', () => {
    const source = '{n, plural, one {# day} other {# days}}';
    expect(
      kinds(source, '{n, plural, one {# день} other {# дней}}', 'ru-RU'),
    ).toEqual(['plural-categories']);
    const [ru] = checkTranslation(
      source,
      '{n, plural, one {# день} other {# дней}}',
      'ru-RU',
    );
    expect(ru && describeProblem(ru)).toBe(
      'plural categories of {n}: needs few, many',
    );
    expect(
      kinds(
        source,
        '{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}',
        'ru-RU',
      ),
    ).toEqual([]);
    expect(
      kinds(source, '{n, plural, one {# 日} other {# 日}}', 'ja-JP'),
    ).toEqual(['plural-categories']);
    expect(
      kinds(source, '{n, plural, =0 {今日} other {# 日}}', 'ja-JP'),
    ).toEqual([]);
  });
  it('requires an other case', () => {
    expect(
      kinds('{n, select, a {A} other {B}}', '{n, select, a {A}}'),
    ).toContain('missing-other-case');
  });
});

describe('catalogs from PO text', () => {
  it('reports missing messages before any fallback, and nothing for a complete one', async () => {
    const extracted = await extractedFrom();
    const de = await po('de-DE', [
      ['Error {status}', 'Fehler {status}'],
      ['{0} contracts', '{0} Kontrakte'],
      ['launchpad-project.heading', 'Token-Launch von {key}'],
      ['Skip to content', ''],
    ]);
    const findings = translationFindings(extracted, de, 'de-DE');
    expect(findings.map((f) => [f.kind, f.text])).toEqual([
      ['missing', 'missing: "Skip to content"'],
    ]);
    expect(staleFindings(extracted, de, false)).toEqual([]);
  });

  it('reports a label longer than the limit its source states, in graphemes', () => {
    const extracted: Extracted = {
      'reset.nav': {
        message: 'Reset authenticator',
        comments: ['Navigation label: at most 20 characters'],
      },
      'other.nav': { message: 'No limit stated' },
    };
    const catalog: Catalog = {
      'reset.nav': { translation: 'Réinitialiser l’authentificateur' },
      'other.nav': { translation: 'x'.repeat(80) },
    };
    const findings = translationFindings(extracted, catalog, 'fr-FR');
    expect(findings.map((f) => [f.kind, f.id, f.text])).toEqual([
      [
        'too-long',
        'reset.nav',
        '32 characters wide, at most 20 in "Réinitialiser l’authentificateur"',
      ],
    ]);
    expect(formatLocaleReport('fr-FR', findings, 2)[0]).toBe(
      'fr-FR: 1 label too long (32 characters wide, at most 20 in "Réinitialiser l’authentificateur")',
    );
    // Thai vowel and tone marks sit on their consonant: 20 code units, 14 graphemes
    expect(visibleLength('รีเซ็ตตัวยืนยันตัวตน')).toBeLessThan(
      'รีเซ็ตตัวยืนยันตัวตน'.length,
    );
    expect(statedLimit(['Button: at most 12 characters'])).toBe(12);
    expect(statedLimit(['Shown in the header'])).toBeUndefined();
  });

  it('reports a broken placeholder in the per-locale line', async () => {
    const extracted = await extractedFrom();
    const de = await po('de-DE', [
      ['Error {status}', 'Fehler {status'],
      ['{0} contracts', '{0} Kontrakte'],
      ['launchpad-project.heading', 'Token-Launch'],
      ['Skip to content', ''],
    ]);
    const lines = formatLocaleReport(
      'de-DE',
      translationFindings(extracted, de, 'de-DE'),
      4,
    );
    expect(lines[0]).toBe(
      'de-DE: 1 missing, 1 unbalanced braces, 1 placeholder mismatch (unbalanced braces in "Fehler {status")',
    );
    expect(lines.slice(1).join('\n')).toContain(
      'placeholder mismatch ({key} missing) in "Token-Launch"',
    );
    expect(formatLocaleReport('fr-FR', [], 4)).toEqual([
      'fr-FR: ok (4 messages)',
    ]);
  });

  it('reports stale catalogs: new, removed and obsolete messages, changed source text', async () => {
    const extracted = await extractedFrom();
    const en = await po(
      'en',
      [
        ['Error {status}', 'Error {status}'],
        ['launchpad-project.heading', '{key} token sale'],
        ['Skip to content', 'Skip to content'],
        ['Old message', 'Old message'],
      ],
      '#~ msgid "Gone"\n#~ msgstr "Gone"\n',
    );
    const texts = staleFindings(extracted, en, true).map((f) => f.text);
    expect(texts).toEqual([
      'new in the source: "{0} contracts"',
      'source text changed: "{key} token sale" is now "{key} token launch"',
      'no longer in the source: "Old message"',
      'obsolete entry left: "Gone"',
    ]);
  });

  it('reports a catalog whose translators’ notes are not the source’s', () => {
    const note = 'Column header (a narrow place): at most 28 characters';
    const extracted: Extracted = {
      rank: { message: 'Rank', comments: [note, note] },
      updated: { message: 'Updated {0}' },
    };
    const catalog = (rankNotes: string[]): Catalog => ({
      rank: { translation: 'Platz', comments: rankNotes },
      // Lingui writes the code behind a placeholder as a note of its own
      updated: {
        translation: 'Aktualisiert {0}',
        comments: ['placeholder {0}: formatDateTime(c.updatedAt, intl)'],
      },
    });
    expect(staleFindings(extracted, catalog([note]), false)).toEqual([]);
    expect(
      staleFindings(extracted, catalog([]), false).map((f) => [f.id, f.text]),
    ).toEqual([['rank', 'translators\' note changed: "Rank"']]);
  });

  it('reports en-US entries that differ from en', async () => {
    const en = await po('en', EN);
    const us = await po('en-US', [
      ...EN.slice(0, 3),
      ['Skip to content', 'Skip to main content'],
    ]);
    expect(aliasFindings(us, en, 'en').map((f) => f.text)).toEqual([
      'differs from en (run npm run i18n:extract): "Skip to content"',
    ]);
  });
});

describe('narrow places: width', () => {
  it('counts a CJK character as two Latin letters', () => {
    expect(displayWidth('Max')).toBe(3);
    expect(displayWidth('最大')).toBe(4);
    expect(displayWidth('최대 금액')).toBe(9);
    // Thai marks sit on their consonant: graphemes, not code units
    expect(displayWidth('สูงสุด')).toBe(4);
  });

  it('fails a CJK label that fits in characters but not in width', () => {
    const extracted: Extracted = {
      max: {
        message: 'Max',
        comments: ['Button beside an amount field: at most 6 characters'],
      },
    };
    const ok = translationFindings(
      extracted,
      { max: { translation: '最大' } },
      'ja-JP',
    );
    expect(ok).toEqual([]);
    const findings = translationFindings(
      extracted,
      { max: { translation: '最大金額' } },
      'ja-JP',
    );
    expect(findings.map((f) => [f.kind, f.text])).toEqual([
      ['too-long', '8 characters wide, at most 6 in "最大金額"'],
    ]);
  });
});

describe('glossary', () => {
  const glossary: Glossary = {
    terms: [
      {
        concept: 'red envelope',
        source: '\\bred envelopes?\\b',
        locales: {
          'ja-JP': { use: ['レッドパケット'], avoid: ['エンベロープ'] },
          'de-DE': { use: ['Umschl(a|ä)g'] },
        },
      },
    ],
    exceptions: [
      {
        locale: 'ja-JP',
        id: 'quoted',
        concept: 'red envelope',
        reason: 'quotes another exchange’s wording',
      },
    ],
  };
  const check = (locale: string, id: string, source: string, text: string) =>
    glossaryProblems(glossary, locale, id, source, text).map((p) => [
      p.kind,
      describeProblem(p),
    ]);

  it('passes the locale’s term where the English names the concept', () => {
    expect(
      check('ja-JP', 'a', 'Open a red envelope', 'レッドパケットを開く'),
    ).toEqual([]);
    expect(check('de-DE', 'a', 'Red envelopes', 'Rote Umschläge')).toEqual([]);
    // a locale the glossary names no term for is not checked
    expect(check('fr-FR', 'a', 'Red envelopes', 'Autre chose')).toEqual([]);
  });

  it('fails a translation without the term, and one with an avoided term anywhere', () => {
    expect(
      check('ja-JP', 'a', 'Open a red envelope', 'レッドエンベロープを開く'),
    ).toEqual([
      [
        'glossary-avoided',
        '"エンベロープ" for "red envelope", the glossary says "レッドパケット"',
      ],
      [
        'glossary-missing',
        '"red envelope" without the glossary\'s term "レッドパケット"',
      ],
    ]);
    // avoided even where the English does not name the concept
    expect(check('ja-JP', 'b', 'Open it', 'エンベロープを開く')).toEqual([
      [
        'glossary-avoided',
        '"エンベロープ" for "red envelope", the glossary says "レッドパケット"',
      ],
    ]);
  });

  it('skips the messages its exceptions name, in their locale only', () => {
    expect(
      check('ja-JP', 'quoted', 'Open a red envelope', 'レッドエンベロープ'),
    ).toEqual([]);
    expect(
      check('de-DE', 'quoted', 'Open a red envelope', 'Rotes Kuvert'),
    ).toHaveLength(1);
  });

  it('reports glossary problems per locale through translationFindings', () => {
    const extracted: Extracted = { a: { message: 'What is a red envelope?' } };
    const findings = translationFindings(
      extracted,
      { a: { translation: 'レッドエンベロープとは？' } },
      'ja-JP',
      { glossary, locale: 'ja-JP' },
    );
    expect(findings.map((f) => f.kind)).toEqual([
      'glossary-avoided',
      'glossary-missing',
    ]);
    expect(formatLocaleReport('ja-JP', findings, 1)[0]).toBe(
      'ja-JP: 1 glossary term missing, 1 avoided term ("エンベロープ" for "red envelope", the glossary says "レッドパケット" in "レッドエンベロープとは？")',
    );
  });

  it('the committed glossary: every pattern compiles and ja-JP says レッドパケット', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../locale/glossary.json', import.meta.url), 'utf8'),
    ) as Glossary;
    for (const term of committed.terms) {
      expect(() => new RegExp(term.source, 'iu')).not.toThrow();
      for (const own of Object.values(term.locales))
        for (const p of [...own.use, ...(own.avoid ?? [])])
          expect(() => new RegExp(p, 'iu')).not.toThrow();
    }
    expect(
      glossaryProblems(
        committed,
        'ja-JP',
        'x',
        'How to receive a red envelope',
        'レッドエンベロープの受け取り方',
      ).map((p) => p.kind),
    ).toContain('glossary-avoided');
    for (const e of committed.exceptions)
      expect(committed.terms.map((t) => t.concept)).toContain(e.concept);
  });
});
