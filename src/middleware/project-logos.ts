import type { IconSet } from '../lib/server/icon-source.ts';

/**
 * Launchpad project logos drawn by the site (`/img/logo/<glyph>/<RRGGBB>.svg`): the API names a
 * glyph of the installed lucide set and the project's colour; the logo is that glyph in white
 * on a round badge of the colour, shaded towards the bottom. 64 × 64, no script, nothing read
 * from the network. Undefined for a glyph the set does not have.
 */
export const projectLogoSvg = (
  set: IconSet,
  glyph: string,
  color: string,
): string | undefined => {
  const icon =
    set.icons[glyph] ?? set.icons[set.aliases?.[glyph]?.parent ?? ''];
  if (!icon || !/^[0-9a-f]{6}$/.test(color)) return undefined;
  const width = icon.width ?? set.width ?? 24;
  const height = icon.height ?? set.height ?? 24;
  const body = icon.body.replaceAll('currentColor', '#fff');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#${color}"/><stop offset="1" stop-color="#${color}" stop-opacity="0.72"/>` +
    `</linearGradient></defs>` +
    `<circle cx="32" cy="32" r="32" fill="#${color}"/><circle cx="32" cy="32" r="32" fill="url(#g)"/>` +
    `<svg x="16" y="16" width="32" height="32" viewBox="0 0 ${width} ${height}">${body}</svg>` +
    `</svg>`
  );
};
