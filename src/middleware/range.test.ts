import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { dropInvalidRange, isSingleByteRange } from './range.ts';

describe('Range headers the file server may answer', () => {
  it.each(['bytes=0-9', 'bytes=5-', 'bytes=-100', 'bytes=7-7'])(
    '%s is one byte range',
    (header) => {
      expect(isSingleByteRange(header)).toBe(true);
    },
  );

  it.each([
    'bytes=abc',
    'BYTES=0-1',
    'bytes= 0-9',
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

  it('drops an invalid Range, or any Range with If-Range, before the next handler; keeps a plain valid one', async () => {
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
    const ask = async (headers: Record<string, string>) =>
      (await app.request('/assets/app.js', { headers })).text();
    expect(await ask({ range: 'bytes=abc', 'if-range': '"x"' })).toBe('- -');
    expect(await ask({ range: 'bytes=0-1,5-6' })).toBe('- -');
    expect(await ask({ range: 'bytes=0-9', 'if-range': '"x"' })).toBe('- -');
    expect(await ask({ range: 'bytes=0-9' })).toBe('bytes=0-9 -');
  });
});
