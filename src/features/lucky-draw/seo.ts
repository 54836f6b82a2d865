import { keyedRoute } from '../../lib/keyed-route.ts';
import { lastChange } from '../../lib/last-modified.ts';
import type { FeatureSeo } from '../../route-meta.ts';
import { getLuckyDraw, getLuckyDrawNames, lookupDraw } from './api.ts';
import { DRAW_NAMES } from './labels.ts';
import type { routes } from './route.ts';

/** The sitemap's <lastmod>: the draw's start or end, whichever has passed last. */
const sitemapLastmod = async (key?: string): Promise<string | undefined> => {
  const draw = key ? await getLuckyDraw(key, 'en') : undefined;
  return draw ? lastChange([draw.startAt, draw.endAt]) : undefined;
};

/** A draw's hooks: its check (404) and name, its keys (every draw the list names) and <lastmod>. */
export const seo = {
  'lucky-draw': {
    ...keyedRoute(lookupDraw, DRAW_NAMES),
    knownKeys: getLuckyDrawNames,
    sitemapKeys: getLuckyDrawNames,
    sitemapLastmod,
  },
} satisfies FeatureSeo<typeof routes>;
