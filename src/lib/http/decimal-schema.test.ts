import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { decimalSchema, signedDecimalSchema } from './decimal-schema.ts';

describe('decimalSchema', () => {
  it('takes decimal strings', () => {
    for (const ok of ['0', '12', '0.00000001', '123456.789'])
      expect(v.is(decimalSchema, ok)).toBe(true);
  });

  it('refuses floats, signs, exponents, separators and empty parts', () => {
    for (const bad of [1.5, '-1', '+1', '1e5', '1,5', '.5', '5.', '', ' 1'])
      expect(v.is(decimalSchema, bad)).toBe(false);
  });

  it('takes a minus sign only in the signed schema', () => {
    expect(v.is(signedDecimalSchema, '-3.25')).toBe(true);
    expect(v.is(signedDecimalSchema, '3.25')).toBe(true);
    expect(v.is(signedDecimalSchema, '--3')).toBe(false);
  });
});
