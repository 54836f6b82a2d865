/**
 * Dates and times from the API (ISO 8601, or Unix milliseconds) in the reader's locale, always in
 * UTC so every reader and the server see the same moment; a time always carries its zone
 * ('Nov 1, 2026, 1:05 PM UTC'). Pure; formatters are cached per locale and style.
 *
 * Calendar: the Gregorian calendar in every locale, th-TH included (not the Buddhist era its
 * Intl default counts in). The page beside a date names Gregorian years the reader cannot
 * convert away: "© 2026", "Snooker Masters 2026", "ZCC Trading Competition 2025", and a date
 * of 2569 next to them reads as another year; Thai exchanges and crypto media date trading
 * events in the Gregorian year. Digits are Latin everywhere (each locale's default).
 *
 * Clock: 24-hour (h23, '00:00' at midnight) in every locale but the English and Spanish ones,
 * whose readers use the 12-hour clock ('12:00 AM'); zh-TW's '上午12:00' and ko-KR's '오전 12:00'
 * for midnight read as noon to many. A time of day alone is the short numeric form
 * ('22:33:55 UTC', never Thai's '22 นาฬิกา 33 นาที 55 วินาที').
 */
import { createTextMemo } from '../memo.ts';
import { NOT_A_NUMBER } from './decimal.ts';

export type DateStyle = 'short' | 'medium' | 'long';

const cache = new Map<string, Intl.DateTimeFormat>();
const formatter = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      calendar: 'gregory',
      ...options,
    });
    cache.set(key, f);
  }
  return f;
};

/** ISO 8601 date or date-time; a date-time without a zone is UTC (never the server's zone). */
const ISO =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The moment an API value names, or undefined for anything else ('garbage', '2026', NaN). */
export const parseApiDate = (value: string | number): Date | undefined => {
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= 8.64e15
      ? new Date(value)
      : undefined;
  if (typeof value !== 'string') return undefined;
  const match = ISO.exec(value.trim());
  if (!match) return undefined;
  const [, date, time, zone] = match;
  const ms = Date.parse(
    time ? `${date}T${time}${zone ?? 'Z'}` : `${date}T00:00:00Z`,
  );
  return Number.isNaN(ms) ? undefined : new Date(ms);
};

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { year: 'numeric', month: 'numeric', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
};

/** Intl tags whose readers use the 12-hour clock (the rest: 24-hour, see above). */
const TWELVE_HOUR = new Set(['en', 'en-US', 'es-MX']);

/** The time of day in a locale's clock: '1:05 PM' (en), '00:00' (zh-Hant-TW, th-TH). */
const clockOptions = (locale: string): Intl.DateTimeFormatOptions =>
  TWELVE_HOUR.has(locale)
    ? { hour: 'numeric', minute: '2-digit' }
    : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** The same with the time of day and its zone. */
const dateTimeOptions = (
  locale: string,
  style: DateStyle,
): Intl.DateTimeFormatOptions => ({
  ...DATE_OPTIONS[style],
  ...clockOptions(locale),
  timeZoneName: 'short',
});

/**
 * The same moment in the same locale and form is the same text: formatted once (ICU formatting
 * is not cheap, decision 0014). Bounded; the key holds the value's type
 * so 1700000000000 and '1700000000000' stay apart.
 */
const moments = createTextMemo(4000);
const formatMoment = (
  form: 'date' | 'time',
  value: string | number,
  locale: string,
  style: DateStyle,
): string =>
  moments(`${form}|${locale}|${style}|${typeof value}:${value}`, () => {
    const date = parseApiDate(value);
    const options =
      form === 'date' ? DATE_OPTIONS[style] : dateTimeOptions(locale, style);
    return date ? formatter(locale, options).format(date) : NOT_A_NUMBER;
  });

/** A calendar date: 'Nov 1, 2026' (en, medium), '1. Nov. 2026' (de-DE), '2026年11月1日' (ja-JP). */
export const formatDate = (
  value: string | number,
  locale: string,
  style: DateStyle = 'medium',
): string => formatMoment('date', value, locale, style);

/** A moment with its zone: 'Nov 1, 2026, 1:05 PM UTC' (en), '1. Nov. 2026, 13:05 UTC' (de-DE). */
export const formatDateTime = (
  value: string | number,
  locale: string,
  style: DateStyle = 'medium',
): string => formatMoment('time', value, locale, style);

const ranges = createTextMemo(2000);

/** A range such as 'Nov 1 – 8, 2026' in the locale's own form (dates, UTC). */
export const formatDateRange = (
  from: string | number,
  to: string | number,
  locale: string,
  style: DateStyle = 'medium',
): string =>
  // ICU builds an interval formatter on every formatRange call: the same range is formatted once
  ranges(`${locale}|${style}|${typeof from}:${from}|${typeof to}:${to}`, () => {
    const start = parseApiDate(from);
    const end = parseApiDate(to);
    return !start || !end || end < start
      ? NOT_A_NUMBER
      : formatter(locale, DATE_OPTIONS[style]).formatRange(start, end);
  });

const times = createTextMemo(500);

/**
 * A time of day with seconds, in UTC: '22:33:55 UTC' in every locale, the short numeric form
 * (24-hour: a market snapshot's time, read against a clock). Unix milliseconds or ISO 8601.
 */
export const formatTime = (value: string | number, locale: string): string =>
  times(`${locale}|${typeof value}:${value}`, () => {
    const date = parseApiDate(value);
    return date
      ? `${formatter(locale, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        }).format(date)} UTC`
      : NOT_A_NUMBER;
  });

/** The current time for server components (each renders once per request). */
export const requestTime = (): number => Date.now();
