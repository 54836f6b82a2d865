/**
 * Launch phases and countdowns, pure (server render, the ticking widget and tests share them).
 *
 * A launch's phase comes from its timeline and the time: upcoming until the subscription
 * opens, subscribing while it is open, calculating from its close until the tokens are
 * distributed (allocation calculation, then distribution), distributed once trading starts.
 */

export type LaunchPhase =
  'upcoming' | 'subscribing' | 'calculating' | 'distributed';

export type Milestone =
  'subscription-start' | 'subscription-end' | 'distribution' | 'listing';

type Step = {
  readonly phase: string;
  readonly startAt: string;
  readonly endAt: string;
};

export type LaunchClock = {
  readonly phase: LaunchPhase;
  /** Every milestone with its moment (ms), in order. */
  readonly milestones: readonly {
    readonly milestone: Milestone;
    readonly at: number;
  }[];
  /** The next milestone to count down to, if any is still ahead. */
  readonly next:
    { readonly milestone: Milestone; readonly at: number } | undefined;
};

const moment = (
  steps: readonly Step[],
  phase: string,
  edge: 'startAt' | 'endAt',
) => {
  const step = steps.find((s) => s.phase === phase);
  const ms = step ? Date.parse(step[edge]) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * The launch's phase at `now` and its milestones; undefined when the timeline lacks the
 * subscription or distribution step (then the page shows the dates only).
 */
export const launchClock = (
  steps: readonly Step[],
  listingAt: string,
  now: number,
): LaunchClock | undefined => {
  const open = moment(steps, 'subscription', 'startAt');
  const close = moment(steps, 'subscription', 'endAt');
  const distribution = moment(steps, 'distribution', 'startAt');
  const listedMs = Date.parse(listingAt);
  const listing = Number.isNaN(listedMs)
    ? moment(steps, 'distribution', 'endAt')
    : listedMs;
  if (
    open === undefined ||
    close === undefined ||
    distribution === undefined ||
    listing === undefined
  )
    return undefined;
  const milestones = [
    { milestone: 'subscription-start', at: open },
    { milestone: 'subscription-end', at: close },
    { milestone: 'distribution', at: distribution },
    { milestone: 'listing', at: listing },
  ] as const;
  const phase: LaunchPhase =
    now < open
      ? 'upcoming'
      : now < close
        ? 'subscribing'
        : now < listing
          ? 'calculating'
          : 'distributed';
  return { phase, milestones, next: milestones.find((m) => m.at > now) };
};

export type DurationParts = {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
};

/** Whole days, hours, minutes and seconds left in `ms` (negative counts as none left). */
export const splitDuration = (ms: number): DurationParts => {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
};

const units = new Map<string, Intl.NumberFormat>();
const unit = (
  locale: string,
  name: string,
  pad: boolean,
): Intl.NumberFormat => {
  const key = `${locale}|${name}|${pad}`;
  let f = units.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      // CLDR's narrow Japanese units are Latin ('3d'); the short ones are Japanese ('3 日')
      unitDisplay: locale.startsWith('ja') ? 'short' : 'narrow',
      minimumIntegerDigits: pad ? 2 : 1,
    });
    units.set(key, f);
  }
  return f;
};

/**
 * The time left in the locale's own units, largest first, seconds always shown: '3d 04h 05m 09s'
 * (en), '3 日 04 時間 05 分 09 秒' (ja-JP), '3วัน 04ชม. 05นาที 09วิ' (th-TH). Units after the first are padded to two digits so the
 * text does not jump as it ticks.
 */
export const formatCountdown = (ms: number, locale: string): string => {
  const { days, hours, minutes, seconds } = splitDuration(ms);
  const parts: [string, number][] = [
    ['day', days],
    ['hour', hours],
    ['minute', minutes],
    ['second', seconds],
  ];
  const first = parts.findIndex(
    ([, value], i) => value > 0 || i === parts.length - 1,
  );
  return (
    parts
      .slice(first)
      // a unit's number and name never part ('6 日'), the units wrap apart on a narrow screen
      .map(([name, value], i) =>
        unit(locale, name, i > 0)
          .format(value)
          .replaceAll(' ', '\u00a0'),
      )
      .join(' ')
  );
};

/** The attributes of a ticking countdown in the server's HTML (see countdown-ticker). */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown';
export const COUNTDOWN_LOCALE_ATTRIBUTE = 'data-countdown-locale';
export const COUNTDOWN_DONE_ATTRIBUTE = 'data-countdown-done';
