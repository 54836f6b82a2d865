import { describe, expect, it } from 'vitest';

import {
  barWidth,
  competitionYear,
  rangeTotal,
  tradingWindow,
} from './figures.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);
const iso = (days: number) => new Date(T0 + days * DAY).toISOString();
const PHASES = [
  { phase: 'registration', startAt: iso(0), endAt: iso(10) },
  { phase: 'trading', startAt: iso(10), endAt: iso(40) },
  { phase: 'review', startAt: iso(40), endAt: iso(45) },
];

describe('tradingWindow', () => {
  it('is before, during or after the trading phase, joining open from registration to its end', () => {
    expect(tradingWindow(PHASES, T0 - 1)).toMatchObject({
      stage: 'before',
      joinOpen: false,
    });
    expect(tradingWindow(PHASES, T0 + DAY)).toMatchObject({
      stage: 'before',
      joinOpen: true,
    });
    expect(tradingWindow(PHASES, T0 + 10 * DAY)).toMatchObject({
      stage: 'during',
      joinOpen: true,
    });
    expect(tradingWindow(PHASES, T0 + 40 * DAY)).toMatchObject({
      stage: 'after',
      joinOpen: false,
    });
  });

  it('without a trading phase there is no window', () => {
    expect(tradingWindow(PHASES.slice(0, 1), T0)).toBeUndefined();
  });
});

describe('rangeTotal', () => {
  it('multiplies a decimal string exactly', () => {
    expect(rangeTotal('9750', 40)).toBe('390000');
    expect(rangeTotal('0.1', 3)).toBe('0.3');
    expect(rangeTotal('12.345', 7)).toBe('86.415');
    expect(rangeTotal('0.25', 4)).toBe('1');
    expect(rangeTotal('200000', 1)).toBe('200000');
  });

  it('gives nothing for what is not a decimal or a count', () => {
    expect(rangeTotal('1e5', 2)).toBe('');
    expect(rangeTotal('10', -1)).toBe('');
    expect(rangeTotal('10', 1.5)).toBe('');
  });
});

describe('barWidth', () => {
  it('is the share of the best return, capped to 0–100', () => {
    expect(barWidth('3.2', '3.2')).toBe(100);
    expect(barWidth('1.6', '3.2')).toBe(50);
    expect(barWidth('0.5', '3')).toBe(16.7);
    expect(barWidth('-0.5', '3')).toBe(0);
    expect(barWidth('4', '3')).toBe(100);
    expect(barWidth('1', '0')).toBe(0);
  });
});

describe('competitionYear', () => {
  const phase = (phase: string, startAt: string, endAt: string) => ({
    phase,
    startAt,
    endAt,
  });
  it('is the trading phase’s year, from its own dates', () => {
    expect(
      competitionYear([
        phase('registration', '2025-11-06T00:00:00Z', '2025-11-16T00:00:00Z'),
        phase('trading', '2026-11-16T00:00:00Z', '2026-12-16T00:00:00Z'),
      ]),
    ).toBe('2026');
  });
  it('spans two years when trading runs into the next one', () => {
    expect(
      competitionYear([
        phase('trading', '2026-12-20T00:00:00Z', '2027-01-10T00:00:00Z'),
      ]),
    ).toBe('2026–2027');
  });
  it('falls back to the first phase, and is empty without dates', () => {
    expect(
      competitionYear([phase('review', '2027-01-01T00:00:00Z', 'never')]),
    ).toBe('2027');
    expect(competitionYear([])).toBe('');
    expect(competitionYear([phase('trading', 'x', 'y')])).toBe('');
  });
});
