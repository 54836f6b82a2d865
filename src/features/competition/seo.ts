import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDecimal } from '../../lib/format/index.ts';
import { lastChange } from '../../lib/last-modified.ts';
import type { StructuredDataContext } from '../../lib/page.ts';
import { pageEvent, type JsonLd } from '../../lib/structured-data.ts';
import type { FeatureSeo } from '../../route-meta.ts';
import { getCompetition } from './api.ts';
import { competitionYear } from './figures.ts';
import { PHASES } from './labels.ts';
import type { routes } from './route.ts';

/** The year in the title and heading: the competition's own, from its dates. */
const label = async (locale: Locale): Promise<string> =>
  competitionYear((await getCompetition(locale)).phases);

/** The sitemap's <lastmod>: the leaderboard's update, or the last phase change before it. */
const sitemapLastmod = async (): Promise<string | undefined> => {
  const c = await getCompetition('en');
  return lastChange([
    c.updatedAt,
    ...c.phases.flatMap((p) => [p.startAt, p.endAt]),
  ]);
};

const PARTICIPANTS = msg`Participants`;

/** The share image's figures: the prize pool and how many trade. */
const shareFigures = async ({
  locale,
  i18n,
}: {
  locale: Locale;
  i18n: I18n;
}): Promise<readonly (readonly [string, string])[]> => {
  const c = await getCompetition(locale);
  const intl = getLocaleEntry(locale).intl;
  const pool = `${formatDecimal(c.totalPool, intl)} ${c.poolCoin}`;
  return [
    ['', i18n._(msg`Prize pool: ${pool}`)],
    [i18n._(PARTICIPANTS), formatDecimal(String(c.participants), intl)],
  ];
};

/** The competition as an Event with one sub-event per phase, named in the page's language. */
const structuredData = async (
  context: StructuredDataContext,
): Promise<readonly JsonLd[]> =>
  pageEvent(context, (await getCompetition(context.locale)).phases, PHASES);

/** The competition page's hooks: its title's year, <lastmod>, share figures and JSON-LD. */
export const seo = {
  competition: { label, sitemapLastmod, shareFigures, structuredData },
} satisfies FeatureSeo<typeof routes>;
