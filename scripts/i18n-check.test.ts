import { describe, expect, it } from 'vitest';

import { checkTranslation, describeProblem } from './i18n-check-lib.ts';

const kinds = (source: string, translation: string | undefined) =>
  checkTranslation(source, translation).map((p) => p.kind);

describe('i18n check', () => {
  it('accepts a faithful translation', () => {
    expect(kinds('Error {status}', 'Fehler {status}')).toEqual([]);
    expect(
      kinds(
        '{count, plural, one {# item} other {# items}}',
        '{count, plural, other {# 件}}',
      ),
    ).toEqual([]);
    expect(kinds("It's {name}", "C'est {name}")).toEqual([]);
  });
  it('reports a missing message', () => {
    expect(kinds('Hello', '')).toEqual(['missing']);
    expect(kinds('Hello', undefined)).toEqual(['missing']);
  });
  it('reports unbalanced braces', () => {
    expect(kinds('Error {status}', 'Fehler {status')).toEqual([
      'unbalanced-braces',
    ]);
    expect(kinds('Error {status}', 'Fehler status}')).toEqual([
      'unbalanced-braces',
    ]);
  });
  it('reports an empty placeholder', () => {
    expect(kinds('Error {status}', 'Fehler {} {status}')).toContain(
      'empty-placeholder',
    );
  });
  it('reports an unterminated quote', () => {
    expect(kinds('Use {x}', "Use '{x} here {x}")).toContain(
      'unterminated-quote',
    );
  });
  it('reports an invalid escape', () => {
    expect(kinds('Use {x}', 'Use \\{x}')).toContain('invalid-escape');
  });
  it('reports a dropped or renamed placeholder', () => {
    const [problem] = checkTranslation(
      '{key} token launch',
      '{name} Token-Launch',
    );
    expect(problem?.kind).toBe('placeholder-mismatch');
    expect(problem && describeProblem(problem)).toBe(
      'placeholder mismatch (missing {key}) (unknown {name})',
    );
    expect(kinds('{key} token launch', 'Token-Launch')).toEqual([
      'placeholder-mismatch',
    ]);
  });
  it('reports other ICU syntax errors', () => {
    expect(kinds('{n, plural, other {#}}', '{n, plural, banana}')).toEqual([
      'syntax',
    ]);
  });
});
