import { describe, expect, it } from 'vitest';

import { countdownParts, formatCountdown, nextTick } from './countdown.ts';

const T = Date.UTC(2026, 10, 30, 12, 0, 0);
const S = 1000;

describe('countdownParts', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const now = T - (2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * S - 400;
    expect(countdownParts(T, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('is zero at and after the target, and for a date that is not one', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(T, T)).toEqual(zero);
    expect(countdownParts(T, T + 5 * S)).toEqual(zero);
    expect(countdownParts(Number.NaN, T)).toEqual(zero);
  });
});

describe('formatCountdown', () => {
  it('writes each unit in the locale, hours to seconds with two digits', () => {
    const now = T - (12 * 86_400 + 4 * 3_600 + 9 * 60 + 5) * S;
    expect(formatCountdown(T, now, 'en')).toBe('12 days 04 hr 09 min 05 sec');
    const ja = formatCountdown(T, now, 'ja-JP');
    expect(ja).toMatch(/^12\s?日 04\s?時間 09\s?分 05\s?秒$/);
    expect(formatCountdown(T, now, 'th-TH')).toContain('วัน');
  });

  it('drops the days once none are left, and changes every second', () => {
    const now = T - (3_600 + 1) * S;
    expect(formatCountdown(T, now, 'en')).toBe('01 hr 00 min 01 sec');
    expect(formatCountdown(T, now + S, 'en')).toBe('01 hr 00 min 00 sec');
    expect(formatCountdown(T, T, 'en')).toBe('00 hr 00 min 00 sec');
  });
});

describe('nextTick', () => {
  it('waits for the next whole second, and forever once the target is reached', () => {
    expect(nextTick(T, T - 2_250)).toBe(250);
    expect(nextTick(T, T - 3_000)).toBe(1000);
    expect(nextTick(T, T)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('formatCountdown, compact', () => {
  const H = 3_600;
  const DAY = 24 * H;

  it("writes the locale's own units, padding all but the first", () => {
    const now = T - (3 * DAY + 4 * H + 5 * 60 + 9) * S;
    expect(formatCountdown(T, now, 'en', 'compact')).toBe('3d 04h 05m 09s');
    expect(formatCountdown(T, now, 'ja-JP', 'compact')).toBe(
      '3\u00a0日 04\u00a0時間 05\u00a0分 09\u00a0秒',
    );
    expect(formatCountdown(T, now, 'th-TH', 'compact')).toBe(
      '3วัน 04ชม. 05นาที 09วิ',
    );
    expect(formatCountdown(T, T - (5 * 60 + 1) * S, 'en', 'compact')).toBe(
      '5m 01s',
    );
    expect(formatCountdown(T, T, 'en', 'compact')).toBe('0s');
  });
});
