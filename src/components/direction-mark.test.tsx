import { readFileSync } from 'node:fs';

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { DirectionMark, type Direction } from './direction-mark.tsx';

const DIRECTIONS: Direction[] = ['up', 'down', 'level', 'both'];
const css = readFileSync(
  new URL('../styles/global.css', import.meta.url),
  'utf8',
);

describe('DirectionMark', () => {
  it('is an empty, hidden element: no symbol character for a fallback font to draw', () => {
    for (const direction of DIRECTIONS) {
      expect(
        renderToStaticMarkup(<DirectionMark direction={direction} />),
      ).toBe(`<span aria-hidden="true" class="mark mark-${direction}"></span>`);
    }
  });

  it('has a shape cut by clip-path for every direction, and stays visible in forced colours', () => {
    for (const direction of DIRECTIONS) {
      expect(css).toMatch(
        new RegExp(`\\.mark-${direction} \\{\\s*clip-path: (polygon|inset)\\(`),
      );
    }
    expect(css).toMatch(
      /@media \(forced-colors: active\) \{\s*\.mark \{\s*forced-color-adjust: none;\s*background: CanvasText;/,
    );
  });
});
