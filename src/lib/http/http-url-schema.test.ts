import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { httpLinkSchema } from './http-url-schema.ts';

const link = (value: unknown) => v.parse(httpLinkSchema, value);

describe('httpLinkSchema', () => {
  it('keeps http(s) addresses, normalised as a browser would read them', () => {
    expect(link('https://aurora.example/')).toBe('https://aurora.example/');
    expect(link('http://example.org/a?b=c#d')).toBe(
      'http://example.org/a?b=c#d',
    );
    expect(link('HTTPS://Example.ORG/Path')).toBe('https://example.org/Path');
    expect(link('https://t.me/aurora_chain')).toBe('https://t.me/aurora_chain');
    expect(link('https://例え.jp/')).toBe('https://xn--r8jz45g.jp/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/',
    'blob:https://example.org/uuid',
    '//evil.example/',
    '\\\\evil.example/',
    '/\\evil.example/',
    '/relative/path',
    'relative/path',
    '?q=1',
    '#top',
    'https:evil.example',
    'https:/evil.example',
    ' https://example.org/',
    'https://example.org/ ',
    '\u00a0https://example.org/',
    '\u0085https://example.org/',
    '\u2028https://example.org/',
    'https://exa\tmple.org/',
    'https://example.org/\u0000',
    'https://example.org@evil.example/',
    'https://user:pass@example.org/',
    'https://',
    'http://',
    'https://[::1',
    `https://example.org/${'a'.repeat(2100)}`,
    '',
  ])('drops %j', (hostile) => {
    expect(link(hostile)).toBeUndefined();
  });

  it.each([undefined, null, 42, true, {}, ['https://example.org/']])(
    'drops a value that is not a string: %j',
    (value) => {
      expect(link(value)).toBeUndefined();
    },
  );
});
