import { describe, expect, it } from 'vitest';

import type { IconSet } from '../lib/server/icon-source.ts';
import { projectLogoSvg } from './project-logos.ts';

const set: IconSet = {
  prefix: 'lucide',
  icons: {
    zap: { body: '<path stroke="currentColor" d="M4 14h7"/>' },
  },
  aliases: { bolt: { parent: 'zap' } },
  width: 24,
  height: 24,
};

describe('project logos', () => {
  it('draws the glyph in white on a badge of the project colour, with a fixed size', () => {
    const svg = projectLogoSvg(set, 'zap', 'ca8a04');
    expect(svg).toContain('width="64" height="64"');
    expect(svg).toContain('fill="#ca8a04"');
    expect(svg).toContain('<path stroke="#fff" d="M4 14h7"/>');
    expect(svg).not.toContain('currentColor');
    expect(projectLogoSvg(set, 'bolt', 'ca8a04')).toBe(svg);
  });

  it('refuses a glyph the set lacks or a colour that is not RRGGBB', () => {
    expect(projectLogoSvg(set, 'nope', 'ca8a04')).toBeUndefined();
    expect(projectLogoSvg(set, 'zap', 'red"/><script>')).toBeUndefined();
  });
});
