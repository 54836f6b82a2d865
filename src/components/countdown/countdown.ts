/**
 * Countdown arithmetic and text, shared by the server (the snapshot in the page's HTML) and the
 * widgets chunk (which keeps it ticking): pure, no clock of its own.
 */

export type CountdownParts = {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
};

/** Whole days, hours, minutes and seconds left until `target` at `now` (never negative). */
export const countdownParts = (target: number, now: number): CountdownParts => {
  const total = Number.isFinite(target - now)
    ? Math.max(0, Math.floor((target - now) / 1000))
    : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
};

const UNITS = ['day', 'hour', 'minute', 'second'] as const;
const formats = new Map<string, Intl.NumberFormat>();
const unitFormat = (locale: string, unit: string): Intl.NumberFormat => {
  const key = `${locale}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumIntegerDigits: unit === 'day' ? 1 : 2,
    });
    formats.set(key, format);
  }
  return format;
};

/**
 * '12 days 04 hr 09 min 05 sec' in the locale's own unit words ('12 日 04 時間 09 分 05 秒' in ja-JP); days are
 * left out once none are left, so the end reads '04 hr 09 min 05 sec'.
 */
export const formatCountdown = (
  target: number,
  now: number,
  locale: string,
): string => {
  const parts = countdownParts(target, now);
  return UNITS.filter((unit) => unit !== 'day' || parts.days > 0)
    .map((unit) => unitFormat(locale, unit).format(parts[`${unit}s`]))
    .join(' ');
};

/** Milliseconds until the next whole second of the countdown (its next change). */
export const nextTick = (target: number, now: number): number => {
  const left = target - now;
  if (!Number.isFinite(left) || left <= 0) return Number.POSITIVE_INFINITY;
  return left % 1000 || 1000;
};
