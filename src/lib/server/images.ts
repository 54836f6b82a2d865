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
