import { describe, expect, it } from 'vitest';

import { launchClock } from './launch-clock.ts';

const H = 3_600_000;
const DAY = 24 * H;
const t0 = Date.parse('2026-11-20T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const timeline = [
  { phase: 'registration', startAt: iso(t0 - 4 * DAY), endAt: iso(t0 - DAY) },
  { phase: 'snapshot', startAt: iso(t0 - DAY), endAt: iso(t0) },
  { phase: 'subscription', startAt: iso(t0), endAt: iso(t0 + 7 * DAY) },
  {
    phase: 'calculation',
    startAt: iso(t0 + 7 * DAY),
    endAt: iso(t0 + 8 * DAY),
  },
  {
    phase: 'distribution',
    startAt: iso(t0 + 8 * DAY),
    endAt: iso(t0 + 9 * DAY),
  },
];
const listing = iso(t0 + 9 * DAY);

describe('launch clock', () => {
  it('names the phase and the next milestone at every point of the timeline', () => {
    const at = (now: number) => {
      const clock = launchClock(timeline, listing, now);
      return [clock?.phase, clock?.next?.milestone];
    };
    expect(at(t0 - H)).toEqual(['upcoming', 'subscription-start']);
    expect(at(t0)).toEqual(['subscribing', 'subscription-end']);
    expect(at(t0 + 7 * DAY - 1)).toEqual(['subscribing', 'subscription-end']);
    expect(at(t0 + 7 * DAY)).toEqual(['calculating', 'distribution']);
    expect(at(t0 + 8 * DAY + H)).toEqual(['calculating', 'listing']);
    expect(at(t0 + 9 * DAY)).toEqual(['distributed', undefined]);
  });

  it('lists the four milestones in order', () => {
    const clock = launchClock(timeline, listing, t0);
    expect(clock?.milestones.map((m) => [m.milestone, iso(m.at)])).toEqual([
      ['subscription-start', iso(t0)],
      ['subscription-end', iso(t0 + 7 * DAY)],
      ['distribution', iso(t0 + 8 * DAY)],
      ['listing', listing],
    ]);
  });

  it('gives up without a subscription step', () => {
    expect(launchClock(timeline.slice(0, 2), listing, t0)).toBeUndefined();
  });
});
