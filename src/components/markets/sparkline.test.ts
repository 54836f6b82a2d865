import { describe, expect, it } from 'vitest';

import { sparklinePath } from './sparkline.ts';

describe('sparklinePath', () => {
  it('spreads the points over the width, highest at the top', () => {
    expect(sparklinePath(['1', '3', '2'], 100, 20, 0)).toBe(
      'M0 20 L50 0 L100 10',
    );
  });

  it('insets by the padding so the stroke is not clipped', () => {
    expect(sparklinePath(['10', '20'], 10, 10, 1)).toBe('M1 9 L9 1');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePath(['5', '5', '5'], 10, 8, 0)).toBe('M0 4 L5 4 L10 4');
  });

  it('draws nothing from fewer than two numbers, and skips what is not a number', () => {
    expect(sparklinePath([], 10, 10)).toBe('');
    expect(sparklinePath(['1'], 10, 10)).toBe('');
    expect(sparklinePath(['x', '1', 'NaN'], 10, 10)).toBe('');
    expect(sparklinePath(['1', 'x', '2'], 10, 10, 0)).toBe('M0 10 L10 0');
  });
});
