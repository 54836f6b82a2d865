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

/**
 * How a countdown is written: `full` ('12 days 04 hr 09 min 05 sec', hours always shown) or
 * `compact` ('3d 04h 05m 09s', from the largest unit left; a unit's number and name never part,
 * the units wrap apart on a narrow screen).
 */
export type CountdownStyle = 'full' | 'compact';

const formats = new Map<string, Intl.NumberFormat>();
const unitFormat = (
  locale: string,
  unit: string,
  pad: boolean,
  style: CountdownStyle,
): Intl.NumberFormat => {
  const key = `${locale}|${unit}|${pad}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      // CLDR's narrow Japanese units are Latin ('3d'); the short ones are Japanese ('3 日')
      unitDisplay:
        style === 'compact' && !locale.startsWith('ja') ? 'narrow' : 'short',
      minimumIntegerDigits: pad ? 2 : 1,
    });
    formats.set(key, format);
  }
  return format;
};

/**
 * '12 days 04 hr 09 min 05 sec' in the locale's own unit words ('12 日 04 時間 09 分 05 秒' in ja-JP); days are
 * left out once none are left, so the end reads '04 hr 09 min 05 sec'. Compact: '3d 04h 05m 09s' (en),
 * '3 日 04 時間 05 分 09 秒' (ja-JP), '3วัน 04ชม. 05นาที 09วิ' (th-TH), starting at the largest unit left,
 * seconds always shown; units after the first are padded so the text does not jump as it ticks.
 */
export const formatCountdown = (
  target: number,
  now: number,
  locale: string,
  style: CountdownStyle = 'full',
): string => {
  const parts = countdownParts(target, now);
  if (style === 'full')
    return UNITS.filter((unit) => unit !== 'day' || parts.days > 0)
      .map((unit) =>
        unitFormat(locale, unit, unit !== 'day', style).format(
          parts[`${unit}s`],
        ),
      )
      .join(' ');
  const first = UNITS.findIndex(
    (unit, i) => parts[`${unit}s`] > 0 || i === UNITS.length - 1,
  );
  return UNITS.slice(first)
    .map((unit, i) =>
      unitFormat(locale, unit, i > 0, style)
        .format(parts[`${unit}s`])
        .replaceAll(' ', '\u00a0'),
    )
    .join(' ');
};

/** Milliseconds until the next whole second of the countdown (its next change). */
export const nextTick = (target: number, now: number): number => {
  const left = target - now;
  if (!Number.isFinite(left) || left <= 0) return Number.POSITIVE_INFINITY;
  return left % 1000 || 1000;
};
