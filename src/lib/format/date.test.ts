import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
  parseApiDate,
} from './date.ts';

const AT = '2026-11-01T13:05:00Z';

describe('formatDate', () => {
  it.each([
    ['en', 'medium', 'Nov 1, 2026'],
    ['en', 'long', 'November 1, 2026'],
    ['en', 'short', '11/1/2026'],
    ['de-DE', 'medium', '1. Nov. 2026'],
    ['fr-FR', 'long', '1 novembre 2026'],
    ['ru-RU', 'long', '1 ноября 2026 г.'],
    ['ja-JP', 'medium', '2026年11月1日'],
    ['ko-KR', 'medium', '2026년 11월 1일'],
    ['zh-Hant-TW', 'medium', '2026年11月1日'],
    // the Gregorian year in every locale, Thai too (beside "© 2026" and events named by year)
    ['th-TH', 'medium', '1 พ.ย. 2026'],
  ] as const)('%s %s', (locale, style, expected) => {
    expect(formatDate(AT, locale, style)).toBe(expected);
  });

  it('is the UTC date, whatever the server zone', () => {
    expect(formatDate('2026-11-01T23:30:00-05:00', 'en')).toBe('Nov 2, 2026');
    expect(formatDate('2026-11-01', 'en')).toBe('Nov 1, 2026');
    expect(formatDate('2026-11-01T23:30', 'en')).toBe('Nov 1, 2026');
  });

  it('accepts Unix milliseconds', () => {
    expect(formatDate(Date.parse(AT), 'en')).toBe('Nov 1, 2026');
  });

  it.each([
    ['garbage'],
    [''],
    ['2026'],
    ['Nov 1 2026'],
    ['2026-13-45'],
    [Number.NaN],
  ])('shows a dash for %j', (value) => {
    expect(formatDate(value, 'en')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it.each([
    ['en', 'Nov 1, 2026, 1:05 PM UTC'],
    ['de-DE', '1. Nov. 2026, 13:05 UTC'],
    ['fr-FR', '1 nov. 2026, 13:05 UTC'],
    ['ja-JP', '2026年11月1日 13:05 UTC'],
    ['ru-RU', '1 нояб. 2026 г., 13:05 UTC'],
  ])('%s shows the time in UTC with the zone', (locale, expected) => {
    expect(formatDateTime(AT, locale)).toBe(expected);
  });

  it('always names the zone', () => {
    for (const locale of [
      'th-TH',
      'ko-KR',
      'vi-VN',
      'zh-Hans-MY',
      'zh-Hant-TW',
      'es-MX',
    ])
      expect(formatDateTime(AT, locale)).toContain('UTC');
  });

  it('converts offsets to UTC', () => {
    expect(formatDateTime('2026-11-01T21:05:00+08:00', 'de-DE')).toBe(
      '1. Nov. 2026, 13:05 UTC',
    );
  });
});

describe('formatDateRange and parseApiDate', () => {
  it('shares what both ends have in common', () => {
    expect(
      formatDateRange('2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z', 'en'),
    ).toBe('Nov 1\u2009–\u20098, 2026');
  });
  it('refuses a reversed or broken range', () => {
    expect(formatDateRange('2026-11-08', '2026-11-01', 'en')).toBe('—');
    expect(formatDateRange('x', '2026-11-01', 'en')).toBe('—');
  });
  it('answers a repeated range from memory, per locale, style and value type', () => {
    const en = formatDateRange('2026-11-01', '2026-12-01', 'en');
    expect(formatDateRange('2026-11-01', '2026-12-01', 'en')).toBe(en);
    expect(formatDateRange('2026-11-01', '2026-12-01', 'de-DE')).not.toBe(en);
    expect(formatDateRange('2026-11-01', '2026-12-01', 'en', 'long')).toBe(
      'November 1\u2009–\u2009December 1, 2026',
    );
    // a number and the string of its digits are different API values
    const ms = Date.UTC(2026, 10, 1);
    expect(formatDateRange(ms, ms + 86_400_000, 'en')).toBe(
      'Nov 1\u2009–\u20092, 2026',
    );
    expect(formatDateRange(String(ms), String(ms + 86_400_000), 'en')).toBe(
      '—',
    );
  });
  it('stays right past the size of its memory', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 2100; i++)
      formatDateRange(start, start + (i + 1) * day, 'ja-JP');
    expect(formatDateRange(start, start + day, 'en')).toBe(
      'Jan 1\u2009–\u20092, 2026',
    );
    const fresh = new Intl.DateTimeFormat('en', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    for (const i of [1, 700, 2100])
      expect(formatDateRange(start, start + i * day, 'en')).toBe(
        fresh.formatRange(new Date(start), new Date(start + i * day)),
      );
  });
  it('parses only ISO 8601 and finite milliseconds', () => {
    expect(parseApiDate('2026-11-01T13:05:00.123Z')?.toISOString()).toBe(
      '2026-11-01T13:05:00.123Z',
    );
    expect(parseApiDate(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(parseApiDate('Sun Nov 01 2026')).toBeUndefined();
  });
});

describe('times read naturally in each locale', () => {
  const NIGHT = '2026-11-27T22:33:55Z';
  const MIDNIGHT = '2026-11-27T00:00:00Z';

  it.each([
    ['th-TH', '22:33:55 UTC'],
    ['ko-KR', '22:33:55 UTC'],
    ['zh-Hant-TW', '22:33:55 UTC'],
    ['zh-Hans-MY', '22:33:55 UTC'],
    ['en', '22:33:55 UTC'],
    ['de-DE', '22:33:55 UTC'],
  ])('%s: a time of day is short and numeric', (locale, expected) => {
    expect(formatTime(NIGHT, locale)).toBe(expected);
    expect(formatTime(Date.parse(NIGHT), locale)).toBe(expected);
  });

  it('shows a dash for a time that is no moment', () => {
    expect(formatTime('garbage', 'th-TH')).toBe('—');
  });

  it.each([
    // 24-hour clocks: midnight is 00:00, never 上午12:00 or 오전 12:00
    ['zh-Hant-TW', '2026年11月27日 00:00 [UTC]'],
    ['zh-Hans-MY', '2026年11月27日 UTC 00:00'],
    ['ko-KR', '2026년 11월 27일 00:00 UTC'],
    ['ja-JP', '2026年11月27日 00:00 UTC'],
    ['th-TH', '27 พ.ย. 2026 00:00 UTC'],
    ['vi-VN', '00:00 UTC 27 thg 11, 2026'],
    // English and Spanish readers use the 12-hour clock
    ['en', 'Nov 27, 2026, 12:00 AM UTC'],
  ])("%s: midnight in the locale's clock", (locale, expected) => {
    expect(formatDateTime(MIDNIGHT, locale)).toBe(expected);
  });

  it.each(['th-TH', 'ja-JP', 'zh-Hant-TW', 'ko-KR', 'en', 'de-DE'])(
    '%s: dates carry the Gregorian year of "© 2026"',
    (locale) => {
      expect(formatDate(MIDNIGHT, locale, 'long')).toContain('2026');
      expect(formatDateTime(MIDNIGHT, locale)).toContain('2026');
      expect(formatDateRange('2026-11-16', '2026-12-16', locale)).toContain(
        '2026',
      );
    },
  );
});
