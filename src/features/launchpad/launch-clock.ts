/**
 * Launch phases and milestones, pure (the server render and tests share them; the countdowns
 * to the milestones are the shared components/countdown).
 *
 * A launch's phase comes from its timeline and the time: upcoming until the subscription
 * opens, subscribing while it is open, calculating from its close until the tokens are
 * distributed (allocation calculation, then distribution), distributed once trading starts.
 */

import type { TimelinePhase } from '../../components/timeline.tsx';

export type LaunchPhase =
  'upcoming' | 'subscribing' | 'calculating' | 'distributed';

export type Milestone =
  'subscription-start' | 'subscription-end' | 'distribution' | 'listing';

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
  steps: readonly TimelinePhase[],
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
  steps: readonly TimelinePhase[],
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
