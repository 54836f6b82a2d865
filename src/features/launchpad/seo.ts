import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDecimal } from '../../lib/format/index.ts';
import { lastChange } from '../../lib/last-modified.ts';
import type { StructuredDataContext, ValidateResult } from '../../lib/page.ts';
import { pageEvent, type JsonLd } from '../../lib/structured-data.ts';
import type { FeatureSeo } from '../../route-meta.ts';
import { getLaunchpadProjects, lookupProject } from './api.ts';
import { PHASE_LABELS } from './labels.ts';
import type { routes } from './route.ts';

/** The list's <lastmod>: the latest project start or end that has passed. */
const listLastmod = async (): Promise<string | undefined> =>
  lastChange(
    (await getLaunchpadProjects('en')).flatMap((p) => [p.startAt, p.endAt]),
  );

/** Spec §2 validate step: unknown id → 404, a delisted project → 410 Gone. */
const validate = async (
  key: string,
  locale: Locale,
): Promise<ValidateResult> => {
  const result = await lookupProject(key, locale);
  if (result.found) return true;
  return result.status === 410
    ? { statusCode: 410, statusMessage: 'Gone' }
    : { statusCode: 404, statusMessage: 'Not Found' };
};

const keyLabel = async (key: string, locale: Locale): Promise<string> => {
  const result = await lookupProject(key, locale);
  return result.found
    ? `${result.project.name} (${result.project.token})`
    : key;
};

/** Every project the list names, delisted ones (410) included: any other id is a 404. */
const knownKeys = async (locale: Locale): Promise<readonly string[]> =>
  (await getLaunchpadProjects(locale)).map((p) => p.id);

const sitemapKeys = async (): Promise<readonly string[]> =>
  (await getLaunchpadProjects('en'))
    .filter((p) => p.state !== 'delisted')
    .map((p) => p.id);

/** The sitemap's <lastmod>: the project's start or end, whichever has passed last. */
const sitemapLastmod = async (key?: string): Promise<string | undefined> => {
  const project = (await getLaunchpadProjects('en')).find((p) => p.id === key);
  return project ? lastChange([project.startAt, project.endAt]) : undefined;
};

const FIGURE_LABELS = {
  price: msg`Token price`,
  raised: msg`Committed so far`,
  participants: msg`Participants`,
};

/** The share image's figures: what the key facts card shows first. */
const shareFigures = async ({
  locale,
  routeKey,
  i18n,
}: {
  locale: Locale;
  routeKey?: string | undefined;
  i18n: I18n;
}): Promise<readonly (readonly [string, string])[]> => {
  const result = await lookupProject(routeKey ?? '', locale);
  if (!result.found) return [];
  const p = result.project;
  const intl = getLocaleEntry(locale).intl;
  return [
    [
      i18n._(FIGURE_LABELS.price),
      `${formatDecimal(p.price, intl)} ${p.acceptedCoin}`,
    ],
    [
      i18n._(FIGURE_LABELS.raised),
      `${formatDecimal(p.raised, intl, { maxDecimals: 2 })} ${p.acceptedCoin}`,
    ],
    [
      i18n._(FIGURE_LABELS.participants),
      formatDecimal(String(p.participants), intl),
    ],
  ];
};

/** The token launch as an Event with one sub-event per phase of its timeline. */
const structuredData = async (
  context: StructuredDataContext,
): Promise<readonly JsonLd[]> => {
  const result = await lookupProject(context.routeKey ?? '', context.locale);
  return result.found
    ? pageEvent(context, result.project.timeline, PHASE_LABELS)
    : [];
};

/**
 * The launchpad's hooks: the list's <lastmod>; a project's check (404, 410), name, keys,
 * <lastmod>, share figures and JSON-LD.
 */
export const seo = {
  launchpad: { sitemapLastmod: listLastmod },
  'launchpad-project': {
    validate,
    keyLabel,
    knownKeys,
    sitemapKeys,
    sitemapLastmod,
    shareFigures,
    structuredData,
  },
} satisfies FeatureSeo<typeof routes>;
