import { describe, expect, it } from 'vitest';

import { aprRange, estimateInterest, MAX_TERM_DAYS } from './estimate.ts';

const BANDS = [
  { upTo: '1000', apr: '0.08' },
  { upTo: null, apr: '0.03' },
];

describe('estimateInterest', () => {
  it('pays the first band its rate up to its limit', () => {
    // 1,000 × 8% = 80 a year; 80 / 365 = 0.21917808…
    expect(estimateInterest('1000', BANDS, 365)).toEqual({
      daily: '0.21917808',
      total: '80',
      blendedApr: '0.08',
    });
  });

  it('pays each band its own rate above the limit', () => {
    // 1,000 × 8% + 4,000 × 3% = 200 a year; 30 days: 200 × 30 / 365 = 16.43835616…
    expect(estimateInterest('5000', BANDS, 30)).toEqual({
      daily: '0.5479452',
      total: '16.43835616',
      blendedApr: '0.04',
    });
  });

  it('keeps every decimal exact (no floating point)', () => {
    // 0.1 + 0.2 style traps: 0.3 × 10% for 365 days is exactly 0.03
    expect(
      estimateInterest('0.3', [{ upTo: null, apr: '0.1' }], 365)?.total,
    ).toBe('0.03');
    // amounts far beyond 2^53 stay exact
    expect(
      estimateInterest(
        '123456789012345678.5',
        [{ upTo: null, apr: '0.1' }],
        365,
      )?.total,
    ).toBe('12345678901234567.85');
  });

  it('truncates, never rounds an estimate up', () => {
    // 1 × 5% / 365 = 0.000136986301…
    expect(estimateInterest('1', [{ upTo: null, apr: '0.05' }], 1)?.daily).toBe(
      '0.00013698',
    );
  });

  it('is zero on a zero amount', () => {
    expect(estimateInterest('0', BANDS, 30)).toEqual({
      daily: '0',
      total: '0',
      blendedApr: '0',
    });
  });

  it.each([
    ['-5', 30],
    ['1e3', 30],
    ['abc', 30],
    ['', 30],
    ['100', 0],
    ['100', 1.5],
    ['100', MAX_TERM_DAYS + 1],
    ['100', Number.NaN],
  ])('refuses amount %j over %j days', (amount, days) => {
    expect(estimateInterest(amount, BANDS, days)).toBeUndefined();
  });

  it('refuses bands that do not end without a limit or are not decimals', () => {
    expect(
      estimateInterest('100', [{ upTo: '1000', apr: '0.08' }], 30),
    ).toBeUndefined();
    expect(
      estimateInterest('100', [{ upTo: null, apr: 'eight' }], 30),
    ).toBeUndefined();
    expect(estimateInterest('100', [], 30)).toBeUndefined();
  });
});

describe('aprRange', () => {
  it('reads the best and the lowest band', () => {
    expect(aprRange(BANDS)).toEqual({ best: '0.08', worst: '0.03' });
    expect(aprRange([])).toBeUndefined();
  });
});
