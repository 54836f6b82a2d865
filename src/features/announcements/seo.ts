import type { FeatureSeo } from '../../route-meta.ts';
import { getContracts, getMarginParameters } from './api.ts';
import type { routes } from './route.ts';

/** This folder's routes' hooks: the sitemap's <lastmod>, when the announcement was published. */
export const seo = {
  'contract-detail': {
    sitemapLastmod: async () => (await getContracts('en')).publishedAt,
  },
  'margin-parameters': {
    sitemapLastmod: async () => (await getMarginParameters('en')).publishedAt,
  },
} satisfies FeatureSeo<typeof routes>;
