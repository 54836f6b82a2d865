import type { Locale } from '../../i18n/locales.ts';
import { keyedRoute } from '../../lib/keyed-route.ts';
import { lastChange } from '../../lib/last-modified.ts';
import type { FeatureSeo } from '../../route-meta.ts';
import { getCampaigns, lookupCampaign } from './api.ts';
import { CAMPAIGN_NAMES } from './labels.ts';
import type { routes } from './route.ts';

/** The list's <lastmod>: the latest campaign start or end that has passed. */
const listLastmod = async (): Promise<string | undefined> =>
  lastChange((await getCampaigns('en')).flatMap((c) => [c.startAt, c.endAt]));

/** Every campaign the list names: any other name is a 404. */
const knownKeys = async (locale: Locale): Promise<readonly string[]> =>
  (await getCampaigns(locale)).map((c) => c.name);

const sitemapKeys = async (): Promise<readonly string[]> =>
  (await getCampaigns('en')).map((c) => c.name);

/** A campaign's <lastmod>: its start or end, whichever has passed last. */
const sitemapLastmod = async (key?: string): Promise<string | undefined> => {
  const campaign = (await getCampaigns('en')).find((c) => c.name === key);
  return campaign ? lastChange([campaign.startAt, campaign.endAt]) : undefined;
};

/** The list's <lastmod>; a campaign's check (404), name, keys and <lastmod>. */
export const seo = {
  welcome: { sitemapLastmod: listLastmod },
  'welcome-campaign': {
    ...keyedRoute(lookupCampaign, CAMPAIGN_NAMES),
    knownKeys,
    sitemapKeys,
    sitemapLastmod,
  },
} satisfies FeatureSeo<typeof routes>;
