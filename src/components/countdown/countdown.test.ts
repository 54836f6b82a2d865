import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../i18n/locales.ts';
import {
  countdownParts,
  nextTick,
  writeCountdown,
  type CountdownStyle,
} from './countdown.ts';
import { countdownWords } from './words.ts';

const T = Date.UTC(2026, 10, 30, 12, 0, 0);

/** A countdown as the ticker writes it from the words the server works out for `locale`. */
const formatCountdown = (
  target: number,
  now: number,
  locale: string,
  style: CountdownStyle = 'full',
) => writeCountdown(target, now, countdownWords(locale, style), style);
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

describe('countdownWords', () => {
  /** The text Intl writes for a unit: what the words must reproduce. */
  /** One formatter per locale, unit, padding and style: building one is the costly part. */
  const formatters = new Map<string, Intl.NumberFormat>();
  const intlText = (
    locale: string,
    unit: string,
    n: number,
    pad: boolean,
    style: 'full' | 'compact',
  ) => {
    const key = `${locale} ${unit} ${pad} ${style}`;
    let format = formatters.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay:
          style === 'compact' && !locale.startsWith('ja') ? 'narrow' : 'short',
        minimumIntegerDigits: pad ? 2 : 1,
      });
      formatters.set(key, format);
    }
    const text = format.format(n);
    return style === 'compact' ? text.replaceAll(' ', '\u00a0') : text;
  };

  it('are the patterns of each unit, with the numbers that read otherwise named', () => {
    expect(countdownWords('en')).toEqual({
      day: '# days',
      'day:1': '# day',
      hour: '# hr',
      minute: '# min',
      second: '# sec',
    });
    expect(countdownWords('en', 'compact')).toEqual({
      day: '#d',
      hour: '#h',
      minute: '#m',
      second: '#s',
    });
  });

  it('write what Intl writes, in every locale and style, for every unit and number shown', () => {
    const H = 3_600;
    const DAY = 24 * H;
    for (const { intl: locale } of LOCALES)
      for (const style of ['full', 'compact'] as const) {
        const words = countdownWords(locale, style);
        for (const days of [0, 1, 2, 3, 5, 11, 21, 22, 101, 999])
          for (const hours of [0, 1, 2, 4, 21, 23])
            for (const minutes of [0, 1, 5, 59])
              for (const seconds of [0, 1, 2, 59]) {
                const left = days * DAY + hours * H + minutes * 60 + seconds;
                const now = T - left * S;
                const shown =
                  style === 'full'
                    ? [
                        ...(days > 0 ? [['day', days, false] as const] : []),
                        ['hour', hours, true] as const,
                        ['minute', minutes, true] as const,
                        ['second', seconds, true] as const,
                      ]
                    : (
                        [
                          ['day', days],
                          ['hour', hours],
                          ['minute', minutes],
                          ['second', seconds],
                        ] as const
                      )
                        .filter(
                          (_, i, all) =>
                            all.slice(0, i + 1).some(([, n]) => n > 0) ||
                            i === 3,
                        )
                        .map(([unit, n], i) => [unit, n, i > 0] as const);
                expect(writeCountdown(T, now, words, style)).toBe(
                  shown
                    .map(([unit, n, pad]) =>
                      intlText(locale, unit, n, pad, style),
                    )
                    .join(' '),
                );
              }
      }
  });
});
