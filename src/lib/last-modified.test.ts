import { describe, expect, it } from 'vitest';

import { lastChange } from './last-modified.ts';

describe('lastChange', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('is the newest date that has passed', () => {
    expect(
      lastChange(
        [
          '2026-01-01T00:00:00Z',
          '2026-05-01T12:00:00Z',
          '2026-07-01T00:00:00Z',
        ],
        now,
      ),
    ).toBe('2026-05-01T12:00:00.000Z');
  });
  it('ignores future and broken dates; none passed is undefined', () => {
    expect(lastChange(['2027-01-01T00:00:00Z', 'soon', undefined], now)).toBe(
      undefined,
    );
  });
});
