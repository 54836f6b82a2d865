import type { IconSet } from './icon-source.ts';

/**
 * Coin and token icons served by the site itself (`/img/coin/<light|dark>/<SYMBOL>.svg`, the
 * address scheme of spec §3's coin-icon helper with the site as the image host):
 *
 * - dark style (the site's theme): the branded, coloured icon (`@iconify-json/token-branded`,
 *   MIT; drawn for dark backgrounds: XRP and EOS are white) where it exists, else the
 *   monochrome one (`@iconify-json/cryptocurrency`, CC0) in a light ink;
 * - light style: the monochrome icon in a dark ink (the branded white glyphs vanish on white);
 * - a coin neither set knows (a launchpad token, `default`): a round monogram we draw, its
 *   colour derived from the symbol, so every asset the site names has an icon.
 *
 * Answers are SVG documents with a fixed 32 × 32 size and no script (icon bodies come from the
 * installed packages, never from the network).
 */
export type CoinIconSets = {
  readonly branded: () => IconSet;
  readonly mono: () => IconSet;
};

export type CoinIconStyleName = 'light' | 'dark';

const INK = { light: '#1e2329', dark: '#eaecef' } as const;
const SIZE = 32;

const find = (
  set: IconSet,
  name: string,
): { body: string; width: number; height: number } | undefined => {
  const own = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!own) return undefined;
  return {
    body: own.body,
    width: own.width ?? set.width ?? 24,
    height: own.height ?? set.height ?? 24,
  };
};

const hueOf = (symbol: string): number => {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
};

const escapeText = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round monogram: the symbol's first letters on a colour of its own. */
export const monogram = (symbol: string, style: CoinIconStyleName): string => {
  const letters = escapeText(symbol.slice(0, 3) || '?');
  const hue = hueOf(symbol);
  const fill = style === 'dark' ? `hsl(${hue} 45% 38%)` : `hsl(${hue} 60% 42%)`;
  const fontSize = letters.length > 2 ? 10 : 13;
  return `<circle cx="16" cy="16" r="16" fill="${fill}"/><text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${letters}</text>`;
};

const svg = (body: string, width: number, height: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** The SVG document of a coin icon, `symbol` being the uppercased ticker (`default` allowed). */
export const coinIconSvg = (
  sets: CoinIconSets,
  symbol: string,
  style: CoinIconStyleName,
): string => {
  const name = symbol.toLowerCase();
  if (style === 'dark') {
    const branded = find(sets.branded(), name);
    if (branded) return svg(branded.body, branded.width, branded.height);
  }
  const mono = find(sets.mono(), name);
  if (mono)
    return svg(
      mono.body.replaceAll('currentColor', INK[style]),
      mono.width,
      mono.height,
    );
  return svg(monogram(symbol === 'DEFAULT' ? '' : symbol, style), SIZE, SIZE);
};
