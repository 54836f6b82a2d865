import { describe, expect, it } from 'vitest';

import {
  changeFromSale,
  divide,
  multiply,
  oversubscription,
} from './figures.ts';

describe('launchpad figures', () => {
  it('reads 963,000 USDT against 1,350,000 tokens at 0.05 as ×14.27', () => {
    expect(oversubscription('963000', '1350000', '0.05')).toBe('14.27');
    expect(oversubscription('842400', '1200000', '0.05')).toBe('14.04');
  });

  it('is not oversubscribed at or below the allocation value', () => {
    expect(oversubscription('1444500', '50000000', '0.045')).toBeUndefined();
    expect(oversubscription('67500', '1350000', '0.05')).toBeUndefined();
    expect(oversubscription('67500.01', '1350000', '0.05')).toBe('1.00');
    expect(oversubscription('bad', '1', '1')).toBeUndefined();
    expect(oversubscription('1', '0', '1')).toBeUndefined();
  });

  it('divides and multiplies decimal strings exactly, rounding half away from zero', () => {
    expect(divide('1', '3', 4)).toBe('0.3333');
    expect(divide('2', '3', 4)).toBe('0.6667');
    expect(divide('-2', '3', 2)).toBe('-0.67');
    expect(divide('5', '2', 0)).toBe('3');
    expect(divide('1', '0', 2)).toBeUndefined();
    expect(multiply('0.1', '0.2')).toBe('0.02');
    expect(multiply('1350000', '0.05')).toBe('67500');
    expect(multiply('-1.5', '2')).toBe('-3');
  });

  it('measures a price against the sale price', () => {
    expect(changeFromSale('1.12', '0.75')).toBe('0.4933');
    expect(changeFromSale('0.69', '0.75')).toBe('-0.0800');
    expect(changeFromSale('0.05', '0.05')).toBe('0.0000');
    expect(changeFromSale('x', '0.05')).toBeUndefined();
  });
});
