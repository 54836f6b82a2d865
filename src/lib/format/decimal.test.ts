import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from './date.ts';
import {
  formatAmount,
  formatDecimal,
  formatPercent,
  parseLocaleDecimal,
} from './decimal.ts';

describe('formatDecimal', () => {
  it.each([
    ['1234567.123456789', 'en', '1,234,567.12345678'],
    ['1234567.5', 'de-DE', '1.234.567,5'],
    ['1234567.5', 'fr-FR', '1\u202f234\u202f567,5'],
    ['1234567.5', 'ru-RU', '1\u00a0234\u00a0567,5'],
    ['1234567.5', 'ja-JP', '1,234,567.5'],
    ['1234567.5', 'th-TH', '1,234,567.5'],
    ['0.123456789', 'en', '0.12345678'],
    ['0.999999999', 'en', '0.99999999'],
    ['-42.10', 'en', '-42.1'],
    ['0', 'en', '0'],
    ['12345678901234567890.5', 'en', '12,345,678,901,234,567,890.5'],
  ])('%s in %s → %s', (value, locale, expected) => {
    expect(formatDecimal(value, locale)).toBe(expected);
  });

  it('truncates, never rounds up: a balance is never overstated', () => {
    expect(formatDecimal('0.129', 'en', { maxDecimals: 2 })).toBe('0.12');
    expect(formatDecimal('9.999', 'en', { maxDecimals: 0 })).toBe('9');
  });

  it('pads to the minimum decimals', () => {
    expect(formatDecimal('5', 'en', { minDecimals: 2 })).toBe('5.00');
  });

  it.each([['1e-7'], ['abc'], [''], ['1.2.3'], ['NaN']])(
    'shows a dash for %j',
    (value) => {
      expect(formatDecimal(value, 'en')).toBe('—');
    },
  );
});

describe('formatPercent', () => {
  it.each([
    ['0.0525', 'en', '5.25%'],
    ['0.0525', 'de-DE', '5,25\u00a0%'],
    ['0.0525', 'fr-FR', '5,25\u00a0%'],
    ['1', 'en', '100.00%'],
    ['0.123456', 'en', '12.34%'],
    ['-0.0112', 'en', '-1.12%'],
  ])('%s in %s → %s', (value, locale, expected) => {
    expect(formatPercent(value, locale)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it('adds the coin', () => {
    expect(formatAmount('1234.5', 'USDT', 'en')).toBe('1,234.5 USDT');
  });
});

describe('parseLocaleDecimal', () => {
  it.each([
    ['1.234,56', 'de-DE', '1234.56'],
    ['1,234.56', 'en', '1234.56'],
    ['1 234,5', 'fr-FR', '1234.5'],
    ['１２３．４', 'ja-JP', '123.4'],
    ['0.10000000', 'en', '0.1'],
    ['007', 'en', '7'],
    ['.5', 'en', '0.5'],
  ])('%j in %s → %s', (input, locale, expected) => {
    expect(parseLocaleDecimal(input, locale)).toBe(expected);
  });

  it.each([['abc'], [''], ['1.2.3'], ['-5'], ['0.123456789'], ['1e5']])(
    'refuses %j',
    (input) => {
      expect(parseLocaleDecimal(input, 'en')).toBeNull();
    },
  );
});

describe('dates', () => {
  it('formats in UTC with the zone shown', () => {
    expect(formatDate('2026-11-01T00:00:00Z', 'en')).toBe('Nov 1, 2026');
    expect(formatDateTime('2026-11-01T13:05:00Z', 'en')).toContain('UTC');
    expect(formatDate('garbage', 'en')).toBe('—');
  });
});
