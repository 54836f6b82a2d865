import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import { expandPseudoMessage, expandPseudoMessages } from './pseudo.ts';

const literal = (m: unknown): string =>
  Array.isArray(m)
    ? m.filter((t) => typeof t === 'string').join('')
    : String(m);

describe('expandPseudoMessage', () => {
  it('brackets the text and makes it about 35% longer', () => {
    const source = 'Ŵàśĥ ţŕàďĩńĝ ďĩśǫũàĺĩƒĩēś ţĥē àććōũńţ.';
    const [out] = expandPseudoMessage([source]) as string[];
    expect(out?.startsWith(`[${source} `)).toBe(true);
    expect(out?.endsWith(']')).toBe(true);
    expect((out?.length ?? 0) / source.length).toBeCloseTo(1.35, 1);
  });

  it('never touches placeholders', () => {
    const compiled = compileMessage('Your request number is {ticket}.');
    const out = expandPseudoMessage(compiled) as unknown[];
    expect(out[1]).toEqual(['ticket']);
    expect(literal(out).length).toBeGreaterThan(literal(compiled).length);
  });

  it('adds text after a trailing placeholder instead of changing it', () => {
    const out = expandPseudoMessage(
      compileMessage('Ţàƀĺē ćàƥţĩōń: {label}'),
    ) as unknown[];
    expect(out[0]).toBe('[Ţàƀĺē ćàƥţĩōń: ');
    expect(out[1]).toEqual(['label']);
    expect(out[2]).toMatch(/^ .*\]$/);
  });

  it('leaves a message made only of placeholders alone', () => {
    expect(expandPseudoMessage(compileMessage('{a}{b}'))).toEqual([
      ['a'],
      ['b'],
    ]);
  });

  it('pads each plural case and keeps # and the argument', () => {
    const compiled = compileMessage('{n, plural, one {# ďàŷ} other {# ďàŷś}}');
    const [[name, type, cases]] = expandPseudoMessage(compiled) as [
      [string, string, Record<string, unknown[]>],
    ];
    expect([name, type]).toEqual(['n', 'plural']);
    expect(cases.one?.[0]).toBe('#');
    expect(cases.other?.[0]).toBe('#');
    expect(literal(cases.other).length).toBeGreaterThan(' ďàŷś'.length);
  });

  it('renders through Lingui with the values in place', () => {
    const messages = expandPseudoMessages({
      a: compileMessage(
        'Ĥēĺĺō {name}, ŷōũ ĥàvē {n, plural, one {# ďàŷ} other {# ďàŷś}} ĺēƒţ',
      ),
    });
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    const text = i18n._('a', { name: 'Ada', n: 3 });
    expect(text).toMatch(/^\[Ĥēĺĺō Ada, ŷōũ ĥàvē 3 ďàŷś.* ĺēƒţ.*\]$/);
  });
});
