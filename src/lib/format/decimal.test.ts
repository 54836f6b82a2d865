import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  compareDecimal,
  isPositiveDecimal,
  truncateDecimal,
  formatAmount,
  formatCompact,
  formatDecimal,
  formatPercent,
  localeSymbols,
  parseLocaleDecimal,
  splitDecimal,
} from './decimal.ts';

const NNBSP = '\u202f'; // narrow no-break space: French grouping
const NBSP = '\u00a0';

describe('formatDecimal', () => {
  it.each([
    ['1234567.123456789', 'en', '1,234,567.12345678'],
    ['1234567.5', 'de-DE', '1.234.567,5'],
    ['1234567.5', 'fr-FR', `1${NNBSP}234${NNBSP}567,5`],
    ['1234567.5', 'ru-RU', `1${NBSP}234${NBSP}567,5`],
    ['1234567.5', 'ja-JP', '1,234,567.5'],
    ['1234567.5', 'th-TH', '1,234,567.5'],
    ['1234567.5', 'zh-Hant-TW', '1,234,567.5'],
    ['1234567.5', 'vi-VN', '1.234.567,5'],
    ['-42.10', 'en', '-42.1'],
    ['-42.10', 'de-DE', '-42,1'],
    ['0', 'en', '0'],
    ['0.00000000', 'en', '0'],
    ['.5', 'en', '0.5'],
    ['5.', 'en', '5'],
    ['+7', 'en', '7'],
    ['000123.4500', 'en', '123.45'],
  ])('%s in %s → %s', (value, locale, expected) => {
    expect(formatDecimal(value, locale)).toBe(expected);
  });

  it('truncates, never rounds up: a balance is never overstated', () => {
    expect(formatDecimal('0.123456789', 'en')).toBe('0.12345678');
    expect(formatDecimal('0.999999999', 'en')).toBe('0.99999999');
    expect(formatDecimal('0.129', 'en', { maxDecimals: 2 })).toBe('0.12');
    expect(formatDecimal('9.999', 'en', { maxDecimals: 0 })).toBe('9');
    expect(formatDecimal('-1.239', 'en', { maxDecimals: 2 })).toBe('-1.23');
  });

  it('shows no minus sign on a value that truncates to zero', () => {
    expect(formatDecimal('-0.000000001', 'en')).toBe('0');
    expect(formatDecimal('-0', 'en')).toBe('0');
  });

  it('keeps values beyond 2^53 exact', () => {
    expect(formatDecimal('12345678901234567890.5', 'en')).toBe(
      '12,345,678,901,234,567,890.5',
    );
    expect(formatDecimal('9007199254740993', 'de-DE')).toBe(
      '9.007.199.254.740.993',
    );
    expect(formatDecimal('9007199254740993.000000019', 'en')).toBe(
      '9,007,199,254,740,993.00000001',
    );
  });

  it('pads to the minimum decimals and can leave out grouping', () => {
    expect(formatDecimal('5', 'en', { minDecimals: 2 })).toBe('5.00');
    expect(formatDecimal('5.1', 'de-DE', { minDecimals: 2 })).toBe('5,10');
    expect(formatDecimal('1234.5', 'en', { grouping: false })).toBe('1234.5');
  });

  it.each([
    ['1e-7'],
    ['1E5'],
    ['abc'],
    [''],
    ['.'],
    ['1.2.3'],
    ['NaN'],
    ['1,234'],
    ['- 1'],
    ['Infinity'],
    ['0x10'],
  ])('shows a dash for %j, never a wrong number', (value) => {
    expect(formatDecimal(value, 'en')).toBe('—');
  });
});

describe('formatPercent', () => {
  it.each([
    ['0.0525', 'en', '5.25%'],
    ['0.0525', 'de-DE', `5,25${NBSP}%`],
    ['0.0525', 'fr-FR', `5,25${NBSP}%`],
    ['0.0525', 'ru-RU', `5,25${NBSP}%`],
    ['0.0525', 'ja-JP', '5.25%'],
    ['0.0525', 'th-TH', '5.25%'],
    ['1', 'en', '100.00%'],
    ['12.5', 'en', '1,250.00%'],
    ['0.123456', 'en', '12.34%'],
    ['0.129999', 'en', '12.99%'],
    ['-0.0112', 'en', '-1.12%'],
    ['-0.0112', 'de-DE', `-1,12${NBSP}%`],
    ['-0.00001', 'en', '0.00%'],
    ['.05', 'en', '5.00%'],
  ])('%s in %s → %s', (value, locale, expected) => {
    expect(formatPercent(value, locale)).toBe(expected);
  });

  it('takes the number of decimals, truncating', () => {
    expect(formatPercent('0.00095', 'en', 3)).toBe('0.095%');
    expect(formatPercent('0.0009999', 'en', 3)).toBe('0.099%');
    expect(formatPercent('0.1', 'en', 0)).toBe('10%');
  });

  it('shows a plus sign where the locale puts it when asked', () => {
    expect(formatPercent('0.0525', 'en', 2, { signed: true })).toBe('+5.25%');
    expect(formatPercent('0.0525', 'de-DE', 2, { signed: true })).toBe(
      `+5,25${NBSP}%`,
    );
    expect(formatPercent('-0.0525', 'en', 2, { signed: true })).toBe('-5.25%');
    expect(formatPercent('0', 'en', 2, { signed: true })).toBe('0.00%');
  });

  it('shows a dash for an exponent', () => {
    expect(formatPercent('5e-2', 'en')).toBe('—');
  });
});

describe('formatAmount', () => {
  it.each([
    ['1234.5', 'USDT', 'en', `1,234.5${NBSP}USDT`],
    ['1234.5', 'USDT', 'de-DE', `1.234,5${NBSP}USDT`],
    ['1234.5', 'BTC', 'fr-FR', `1${NNBSP}234,5${NBSP}BTC`],
    ['0.123456789', 'BTC', 'ja-JP', `0.12345678${NBSP}BTC`],
  ])('%s %s in %s → %s', (value, coin, locale, expected) => {
    expect(formatAmount(value, coin, locale)).toBe(expected);
  });
});

describe('formatCompact', () => {
  it.each([
    ['18250', 'en', '18.2K'],
    ['123456789', 'de-DE', '123,4\u00a0Mio.'],
    ['123456789', 'ja-JP', '1.2億'],
    ['123456789', 'zh-Hans-MY', '1.2亿'],
    ['999999', 'en', '999.9K'],
    ['12345678901234567890', 'en', '12,345,678.9T'],
    ['950', 'en', '950'],
  ])('%s in %s → %s (truncated)', (value, locale, expected) => {
    expect(formatCompact(value, locale)).toBe(expected);
  });
  it('shows a dash for garbage', () => {
    expect(formatCompact('lots', 'en')).toBe('—');
  });
});

describe('parseLocaleDecimal', () => {
  it.each([
    ['1.234,56', 'de-DE', '1234.56'],
    ['1234,56', 'de-DE', '1234.56'],
    ['0,5', 'de-DE', '0.5'],
    ['1,234.56', 'en', '1234.56'],
    ['1234.56', 'en', '1234.56'],
    [`1${NNBSP}234,5`, 'fr-FR', '1234.5'],
    ['1 234,5', 'fr-FR', '1234.5'],
    ['1 234.5', 'fr-FR', '1234.5'],
    [`1${NBSP}234,5`, 'ru-RU', '1234.5'],
    ['１２３．４', 'ja-JP', '123.4'],
    ['１，２３４．５', 'ja-JP', '1234.5'],
    ['１２３．４', 'zh-Hant-TW', '123.4'],
    ['๑,๒๓๔.๕', 'th-TH', '1234.5'],
    ['1.234,5', 'vi-VN', '1234.5'],
    ['0.10000000', 'en', '0.1'],
    ['0.100000000', 'en', '0.1'],
    ['007', 'en', '7'],
    ['0', 'en', '0'],
    ['.5', 'en', '0.5'],
    [',5', 'de-DE', '0.5'],
    ['5.', 'en', '5'],
    ['  42  ', 'en', '42'],
    ['12345678901234567890.12345678', 'en', '12345678901234567890.12345678'],
  ])('%j in %s → %s', (input, locale, expected) => {
    expect(parseLocaleDecimal(input, locale)).toBe(expected);
  });

  it.each([
    ['abc', 'en'],
    ['', 'en'],
    [' ', 'en'],
    ['.', 'en'],
    ['1.2.3', 'en'],
    ['-5', 'en'],
    ['+5', 'en'],
    ['1e5', 'en'],
    ['0.123456789', 'en'],
    ['1,23', 'en'],
    ['1,2345', 'en'],
    [',123', 'en'],
    ['0,123', 'en'],
    ['1 234', 'en'],
    ['1.5', 'de-DE'],
    ['0.5', 'de-DE'],
    ['1,234.5', 'de-DE'],
    ['1.234.5', 'fr-FR'],
    ['1,5,5', 'fr-FR'],
    ['0,123 456', 'fr-FR'],
    ['12\n34', 'en'],
    ['Infinity', 'en'],
    ['1'.repeat(200), 'en'],
  ])('refuses %j in %s', (input, locale) => {
    expect(parseLocaleDecimal(input, locale)).toBeNull();
  });

  it('takes another decimal limit', () => {
    expect(parseLocaleDecimal('1.23', 'en', 2)).toBe('1.23');
    expect(parseLocaleDecimal('1.234', 'en', 2)).toBeNull();
    expect(parseLocaleDecimal('5.0', 'en', 0)).toBe('5');
  });
});

describe('round trip: what formatDecimal shows, parseLocaleDecimal reads back', () => {
  const LOCALES = [
    'en',
    'de-DE',
    'fr-FR',
    'ru-RU',
    'ja-JP',
    'th-TH',
    'vi-VN',
    'es-MX',
    'ko-KR',
    'zh-Hans-MY',
    'zh-Hant-TW',
  ];
  it('for any decimal string in every locale', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(0|[1-9]\d{0,24})(\.\d{1,12})?$/),
        fc.constantFrom(...LOCALES),
        (value, locale) => {
          const parts = splitDecimal(value);
          const fraction = (parts?.fraction ?? '')
            .slice(0, 8)
            .replace(/0+$/, '');
          const expected = fraction
            ? `${parts?.whole}.${fraction}`
            : parts?.whole;
          expect(parseLocaleDecimal(formatDecimal(value, locale), locale)).toBe(
            expected,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads locale symbols from Intl', () => {
    expect(localeSymbols('de-DE')).toMatchObject({ group: '.', decimal: ',' });
    expect(localeSymbols('fr-FR')).toMatchObject({
      group: NNBSP,
      decimal: ',',
    });
    expect(localeSymbols('th-TH').digits.join('')).toBe('0123456789');
  });
});

describe('exact comparison and truncation of decimal strings', () => {
  it('compares without floating point', () => {
    expect(compareDecimal('0.1', '0.10000000')).toBe(0);
    expect(compareDecimal('10', '9.99999999')).toBe(1);
    expect(
      compareDecimal('9007199254740993.00000001', '9007199254740993'),
    ).toBe(1);
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(compareDecimal('1e3', '1')).toBeUndefined();
    // beyond 8 decimals is cut, never rounded
    expect(compareDecimal('1.000000009', '1')).toBe(0);
  });

  it('says whether an amount is positive at 8 decimals', () => {
    expect(isPositiveDecimal('0.00000001')).toBe(true);
    expect(isPositiveDecimal('0.000000009')).toBe(false);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isPositiveDecimal('-3')).toBe(false);
  });

  it('truncates to 8 decimals without trailing zeros', () => {
    expect(truncateDecimal('12.3400000099')).toBe('12.34');
    expect(truncateDecimal('1800.00000000')).toBe('1800');
    expect(truncateDecimal('-0.000000001')).toBe('0');
    expect(truncateDecimal('abc')).toBeUndefined();
  });
});
