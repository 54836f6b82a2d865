import { describe, expect, it } from 'vitest';

import {
  fontsFor,
  pngSize,
  renderShareCard,
  shareCardSvg,
} from './share-image-render.ts';

/** The glyph outlines of a one-character title: satori draws text as <path d="…">. */
const glyphPaths = async (locale: string, title: string) => {
  const svg = await shareCardSvg({
    locale,
    siteName: '',
    title,
    description: '',
  });
  return [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((m) => m[1] ?? '');
};

describe('share images', () => {
  it('renders a 1200×630 PNG', async () => {
    const png = await renderShareCard({
      locale: 'en',
      siteName: 'Example Exchange',
      title: 'Launchpad: new token launches',
      description: 'Join token launches.',
      figures: [['Prize pool', '1,000,000 USDT']],
    });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  }, 60_000);

  it.each([
    ['ja-JP', 'ロ', 'ン'],
    ['zh-TW', '幣', '網'],
    ['th-TH', 'ก', 'ข'],
    ['ko-KR', '런', '치'],
  ])(
    '%s: draws real, distinct glyphs (not one missing-glyph box for all)',
    async (locale, a, b) => {
      const fonts = await fontsFor(a + b, locale);
      expect(fonts.length).toBeGreaterThan(0);
      const [first, second, missing] = await Promise.all([
        glyphPaths(locale, a),
        glyphPaths(locale, b),
        // a private-use character no font has: the missing-glyph box
        glyphPaths(locale, '\uE000'),
      ]);
      expect(first).not.toEqual(missing);
      expect(second).not.toEqual(missing);
      expect(first.join('').length).toBeGreaterThan(50);
      expect(second.join('').length).toBeGreaterThan(50);
      expect(first).not.toEqual(second);
    },
    60_000,
  );

  it.each([
    ['ja-JP', 'トークンローンチ：新規割当'],
    ['zh-TW', '新幣上線與交易競賽'],
    ['th-TH', 'ลอนช์แพดและการแข่งขัน'],
    ['ko-KR', '런치패드 신규 토큰'],
  ])(
    "%s: no character of a real title is dropped (every subset's font is used)",
    async (locale, title) => {
      const outline = (paths: readonly string[]) => paths.join('').length;
      const whole = outline(await glyphPaths(locale, title));
      const characters = [...title].filter((c) => c.trim() !== '');
      const each = await Promise.all(
        characters.map(async (c) => outline(await glyphPaths(locale, c))),
      );
      // the title draws about what its characters draw one by one: a glyph dropped for a font
      // of the wrong subset leaves the outline far shorter
      const sum = each.reduce((a, b) => a + b, 0);
      expect(whole).toBeGreaterThan(sum * 0.8);
    },
    120_000,
  );

  it('names every subset apart: satori keeps one font per name, so a shared name drops glyphs', async () => {
    const fonts = await fontsFor('ZEN トークンローンチ：新規割当', 'ja-JP');
    const names = fonts.map((f) => f.name);
    expect(
      names.filter((n) => n.startsWith('Noto Sans JP')).length,
    ).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
  });

  it('loads only the font subsets the text needs', async () => {
    const latin = await fontsFor('Launchpad', 'en');
    const thai = await fontsFor('ลอนช์แพด', 'th-TH');
    expect(
      latin.every((f) => f.name.startsWith('Noto Sans noto-sans-latin')),
    ).toBe(true);
    expect(thai.some((f) => f.name.startsWith('Noto Sans Thai '))).toBe(true);
    expect(thai.length).toBeLessThan(6);
  });
});
