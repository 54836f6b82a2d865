import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { dropInvalidRange, isSingleByteRange } from './range.ts';

describe('Range headers the file server may answer', () => {
  it.each(['bytes=0-9', 'bytes=5-', 'bytes=-100', 'bytes=7-7', 'BYTES=0-1'])(
    '%s is one byte range',
    (header) => {
      expect(isSingleByteRange(header)).toBe(true);
    },
  );

  it.each([
    'bytes=abc',
    'items=0-5',
    'bytes=0-1,5-6',
    'bytes=5-2',
    'bytes=-',
    '0-5',
    'bytes=',
    `bytes=${'9'.repeat(400)}-1`,
  ])('%s is not', (header) => {
    expect(isSingleByteRange(header)).toBe(false);
  });

  it('drops an invalid Range (and its If-Range) before the next handler, keeps a valid one', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      dropInvalidRange(c);
      await next();
    });
    app.get('*', (c) =>
      c.text(
        `${c.req.header('range') ?? '-'} ${c.req.header('if-range') ?? '-'}`,
      ),
    );
    const ask = async (range: string) =>
      (
        await app.request('/assets/app.js', {
          headers: { range, 'if-range': '"x"' },
        })
      ).text();
    expect(await ask('bytes=abc')).toBe('- -');
    expect(await ask('bytes=0-1,5-6')).toBe('- -');
    expect(await ask('bytes=0-9')).toBe('bytes=0-9 "x"');
  });
});
