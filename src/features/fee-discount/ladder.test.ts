import { describe, expect, it } from 'vitest';

import { barShare, largest } from './ladder.ts';

describe('barShare', () => {
  it('is the share of the longest bar, exact', () => {
    expect(barShare('0.00090', '0.00100')).toBe('90%');
    expect(barShare('0.00100', '0.00100')).toBe('100%');
    expect(barShare('0.00045', '0.00100')).toBe('45%');
    expect(barShare('1', '3')).toBe('33.33%');
    expect(barShare('0', '0.001')).toBe('0%');
  });
  it('stays within 0–100% for odd input', () => {
    expect(barShare('0.002', '0.001')).toBe('100%');
    expect(barShare('0.001', '0')).toBe('0%');
    expect(barShare('garbage', '0.001')).toBe('0%');
    expect(barShare('0.001', 'garbage')).toBe('0%');
  });
});

describe('largest', () => {
  it('finds the largest decimal string', () => {
    expect(largest(['0.00095', '0.00100', '0.00045'])).toBe('0.00100');
    expect(largest([])).toBe('0');
  });
});
