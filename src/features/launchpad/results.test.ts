import { describe, expect, it } from 'vitest';

import { byEndDescending } from './results.tsx';

describe('past launches', () => {
  it('lists the launch that ended last first, without touching the input', () => {
    const input = [
      { id: 'a', endAt: '2026-10-01T00:00:00.000Z' },
      { id: 'b', endAt: '2026-11-01T00:00:00.000Z' },
      { id: 'c', endAt: '2026-09-01T00:00:00.000Z' },
    ];
    expect(byEndDescending(input).map((p) => p.id)).toEqual(['b', 'a', 'c']);
    expect(input.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});
