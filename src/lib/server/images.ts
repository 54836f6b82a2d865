import 'server-only';

import { getHostSet } from '../config/index.ts';
import { findRequestContext } from './request-context.ts';
import { getSiteConfig } from './site-config.ts';

/** Where the site serves its own images (coin icons: `/img/coin/<style>/<SYMBOL>.svg`). */
export const LOCAL_IMAGES_BASE = '/img';

/**
 * The base coin icon addresses are built on (`buildCoinIconUrl`, spec §3): the site's own
 * `/img` by default, the environment's image CDN with IMAGES_CDN=1.
 */
export const imagesBase = (): string => {
  const env = findRequestContext()?.env;
  return getSiteConfig().imagesCdn && env
    ? getHostSet(env).cdn.images
    : LOCAL_IMAGES_BASE;
};

/** A project logo's glyph (a name in the site's lucide set) and colour (RRGGBB), as the API sends them. */
export const LOGO_GLYPH = /^[a-z0-9]+(?:-[a-z0-9]+){0,4}$/;
export const LOGO_COLOR = /^[0-9a-f]{6}$/;

/**
 * A launchpad project's logo address: `<images base>/logo/<glyph>/<RRGGBB>.svg`, drawn by the
 * site (middleware/images.ts) from the API's logo data, on the image CDN with IMAGES_CDN=1.
 */
export const projectLogoUrl = (logo: {
  glyph: string;
  color: string;
}): string => `${imagesBase()}/logo/${logo.glyph}/${logo.color}.svg`;
