import 'server-only';

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { createElement } from 'react';
import satori, { type Font } from 'satori';

/**
 * Share images (og:image): 1200×630 PNG drawn from a page's title, description and key figures
 * with satori (layout to SVG, glyphs as paths) and resvg compiled to WebAssembly (SVG to PNG).
 * Fonts are the Noto Sans families from @fontsource, bold, loaded per Unicode subset: only the
 * subset files that hold a character of the text are read (once each), so a Japanese title
 * loads a few of the 124 Japanese files, and Thai, Korean, both Chinese scripts and Latin,
 * Cyrillic and Vietnamese all render with real glyphs.
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

const require = createRequire(import.meta.url);

/** Font families by priority for a language (first subtag); Latin, Cyrillic, Vietnamese: Noto Sans. */
const FAMILY_PACKAGES = {
  latin: '@fontsource/noto-sans',
  ja: '@fontsource/noto-sans-jp',
  ko: '@fontsource/noto-sans-kr',
  'zh-Hans': '@fontsource/noto-sans-sc',
  'zh-Hant': '@fontsource/noto-sans-tc',
  th: '@fontsource/noto-sans-thai',
} as const;
type Family = keyof typeof FAMILY_PACKAGES;

/** The families a locale's text is drawn with, its own script first (CJK variants differ). */
export const familiesFor = (locale: string): Family[] => {
  const first: Family | undefined = locale.startsWith('ja')
    ? 'ja'
    : locale.startsWith('ko')
      ? 'ko'
      : locale === 'zh-TW'
        ? 'zh-Hant'
        : locale.startsWith('zh')
          ? 'zh-Hans'
          : locale.startsWith('th')
            ? 'th'
            : undefined;
  const rest: Family[] = ['latin', 'th', 'ja', 'zh-Hans', 'zh-Hant', 'ko'];
  return first ? [first, ...rest.filter((f) => f !== first)] : rest;
};

type Face = {
  family: string;
  file: string;
  ranges: readonly (readonly [number, number])[];
};

const parseRanges = (value: string): [number, number][] =>
  value.split(',').map((part) => {
    const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });

/** The @font-face rules of a fontsource stylesheet: family, WOFF file, unicode ranges. */
export const parseFontFaces = (css: string, dir: string): Face[] =>
  [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap((m) => {
    const body = m[1] ?? '';
    const family = /font-family:\s*'([^']+)'/.exec(body)?.[1];
    const file = /url\(([^)]+\.woff)\)\s*format\('woff'\)/.exec(body)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    return family && file
      ? [
          {
            family,
            file: path.join(dir, file),
            ranges: ranges ? parseRanges(ranges) : [[0, 0x10ffff]],
          },
        ]
      : [];
  });

const facesCache = new Map<Family, Promise<Face[]>>();
const facesOf = (family: Family): Promise<Face[]> => {
  let faces = facesCache.get(family);
  if (!faces) {
    const css = require.resolve(`${FAMILY_PACKAGES[family]}/700.css`);
    faces = readFile(css, 'utf8').then((text) =>
      parseFontFaces(text, path.dirname(css)),
    );
    facesCache.set(family, faces);
  }
  return faces;
};

const fileCache = new Map<string, Promise<Buffer>>();
const fontFile = (file: string): Promise<Buffer> => {
  let data = fileCache.get(file);
  if (!data) {
    data = readFile(file);
    fileCache.set(file, data);
    data.catch(() => fileCache.delete(file));
  }
  return data;
};

/**
 * The font subsets that draw `text`: for each character the first subset that covers it, in
 * the locale's family order (Japanese text in a Japanese page takes the Japanese forms).
 */
export const fontsFor = async (
  text: string,
  locale: string,
): Promise<Font[]> => {
  const codes = new Set([...text].map((ch) => ch.codePointAt(0) ?? 0));
  codes.add(0x20);
  const faces: Face[][] = await Promise.all(familiesFor(locale).map(facesOf));
  const chosen = new Set<Face>();
  for (const code of codes) {
    const face = faces
      .flat()
      .find((f) => f.ranges.some(([from, to]) => code >= from && code <= to));
    if (face) chosen.add(face);
  }
  // one name per subset file: satori keeps a single font per name, weight and style
  return Promise.all(
    [...chosen].map(async (face) => ({
      name: `${face.family} ${path.basename(face.file, '.woff')}`,
      data: await fontFile(face.file),
      weight: 700 as const,
      style: 'normal' as const,
    })),
  );
};

let wasmReady: Promise<void> | undefined;
const resvgReady = (): Promise<void> => {
  wasmReady ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'))
    .then((wasm) => initWasm(wasm))
    .catch((error: unknown) => {
      wasmReady = undefined;
      throw error;
    });
  return wasmReady;
};

export type ShareCard = {
  readonly locale: string;
  readonly siteName: string;
  readonly title: string;
  readonly description: string;
  /** Up to three label → value pairs (prize pool, price, …), already formatted. */
  readonly figures?: readonly (readonly [string, string])[];
};

/** The card as satori's element tree: site name, title, description, figures. */
const card = (c: ShareCard, families: readonly string[]) =>
  createElement(
    'div',
    {
      style: {
        width: '100%',
        height: '100%',
        display: 'flex',
        background: 'linear-gradient(135deg, #0b1220 0%, #13284a 100%)',
        color: '#ffffff',
        fontFamily: families.map((f) => `'${f}'`).join(', '),
      },
    },
    createElement(
      'div',
      {
        style: {
          position: 'absolute',
          top: 64,
          bottom: 64,
          left: 72,
          right: 72,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        },
      },
      createElement(
        'div',
        { style: { fontSize: 32, color: '#0bd4c6', display: 'flex' } },
        c.siteName,
      ),
      createElement(
        'div',
        { style: { display: 'flex', flexDirection: 'column' } },
        createElement(
          'div',
          { style: { fontSize: 64, lineHeight: 1.15, display: 'flex' } },
          c.title,
        ),
        createElement(
          'div',
          {
            style: {
              fontSize: 28,
              lineHeight: 1.4,
              marginTop: 24,
              color: '#c8d3e6',
              display: 'flex',
            },
          },
          c.description,
        ),
      ),
      createElement(
        'div',
        { style: { display: 'flex', gap: 48 } },
        ...(c.figures ?? []).slice(0, 3).map(([label, value]) =>
          createElement(
            'div',
            {
              key: label,
              style: { display: 'flex', flexDirection: 'column' },
            },
            createElement(
              'div',
              { style: { fontSize: 24, color: '#8fa3c4', display: 'flex' } },
              label,
            ),
            createElement(
              'div',
              { style: { fontSize: 40, display: 'flex' } },
              value,
            ),
          ),
        ),
      ),
    ),
  );

/** The card as SVG (glyphs as paths): what the PNG is made from, and what tests inspect. */
export const shareCardSvg = async (c: ShareCard): Promise<string> => {
  const text = [
    c.siteName,
    c.title,
    c.description,
    ...(c.figures ?? []).flat(),
  ].join('');
  const fonts = await fontsFor(text, c.locale);
  const families = [...new Set(fonts.map((f) => f.name))];
  return satori(card(c, families), {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts,
  });
};

/** The card as a 1200×630 PNG. */
export const renderShareCard = async (
  c: ShareCard,
): Promise<Uint8Array<ArrayBuffer>> => {
  const [svg] = await Promise.all([shareCardSvg(c), resvgReady()]);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: SHARE_IMAGE_WIDTH },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
};

/** Width and height from a PNG's IHDR chunk (tests and the fallback check use it). */
export const pngSize = (
  png: Uint8Array,
): { width: number; height: number } | undefined => {
  if (png.length < 24 || png[0] !== 0x89 || png[1] !== 0x50) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};
