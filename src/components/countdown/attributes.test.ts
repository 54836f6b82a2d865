import { describe, expect, it } from 'vitest';

import { shownBetween } from './attributes.ts';

const T = Date.UTC(2026, 10, 30, 12, 0, 0);
const H = 3_600_000;

describe('shownBetween', () => {
  it('hides what is not due yet and what is over, as of the request', () => {
    expect(shownBetween(T, T + H, T - 1)).toEqual({
      'data-shown-from': '2026-11-30T12:00:00.000Z',
      'data-shown-until': '2026-11-30T13:00:00.000Z',
      hidden: true,
    });
    expect(shownBetween(T, T + H, T).hidden).toBe(false);
    expect(shownBetween(T, T + H, T + H - 1).hidden).toBe(false);
    expect(shownBetween(T, T + H, T + H).hidden).toBe(true);
  });

  it('leaves an open end unwritten', () => {
    expect(shownBetween(undefined, T, T - 1)).toEqual({
      'data-shown-until': '2026-11-30T12:00:00.000Z',
      hidden: false,
    });
    expect(shownBetween(T, undefined, T + 5 * H)).toEqual({
      'data-shown-from': '2026-11-30T12:00:00.000Z',
      hidden: false,
    });
  });
});
