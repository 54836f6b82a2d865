import { describe, expect, it } from 'vitest';

import { tick } from './countdown-ticker.ts';
import { formatCountdown, launchClock, splitDuration } from './countdown.ts';

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

describe('countdown text', () => {
  it('splits a duration into whole units', () => {
    expect(splitDuration(3 * DAY + 4 * H + 5 * 60_000 + 9_999)).toEqual({
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 9,
    });
    expect(splitDuration(-5)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(splitDuration(Number.NaN).seconds).toBe(0);
  });

  it("writes the locale's own units, padding all but the first", () => {
    const ms = 3 * DAY + 4 * H + 5 * 60_000 + 9_000;
    expect(formatCountdown(ms, 'en')).toBe('3d 04h 05m 09s');
    expect(formatCountdown(ms, 'ja-JP')).toBe(
      '3\u00a0日 04\u00a0時間 05\u00a0分 09\u00a0秒',
    );
    expect(formatCountdown(ms, 'th-TH')).toBe('3วัน 04ชม. 05นาที 09วิ');
    expect(formatCountdown(5 * 60_000 + 1000, 'en')).toBe('5m 01s');
    expect(formatCountdown(0, 'en')).toBe('0s');
  });

  it('the ticker redraws each countdown and shows the end text once it runs out', () => {
    const made: { text: string; attrs: Map<string, string> }[] = [];
    const element = (target: string) => {
      const attrs = new Map([
        ['data-countdown', target],
        ['data-countdown-locale', 'en'],
        ['data-countdown-done', 'Now'],
      ]);
      const el = {
        textContent: 'old',
        getAttribute: (name: string) => attrs.get(name) ?? null,
        removeAttribute: (name: string) => attrs.delete(name),
      };
      made.push({
        get text() {
          return el.textContent;
        },
        attrs,
      });
      return el;
    };
    const els = [element(iso(t0 + 61_000)), element(iso(t0 - 1))];
    const root = { querySelectorAll: () => els } as unknown as ParentNode;
    tick(root, t0);
    expect(els[0]?.textContent).toBe('1m 01s');
    expect(els[1]?.textContent).toBe('Now');
    expect(made[1]?.attrs.has('data-countdown')).toBe(false);
    tick(root, t0 + 1000);
    expect(els[0]?.textContent).toBe('1m 00s');
  });
});
