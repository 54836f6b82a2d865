import type { I18n, MessageDescriptor } from '@lingui/core';
import type {
  BreadcrumbList,
  Event,
  Organization,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';

import { getLocaleEntry, type Locale } from '../i18n/locales.ts';

/** What a page's structured data is built from: its words, as the page shows them. */
export type StructuredDataContext = {
  readonly locale: Locale;
  readonly routeKey?: string | undefined;
  readonly i18n: I18n;
  readonly origin: string;
  /** The page's canonical URL. */
  readonly url: string;
  /** The page's heading and meta description, in its language. */
  readonly heading: string;
  readonly description: string;
};

/**
 * JSON-LD (schema.org) for search engines, typed with schema-dts: pure builders, no I/O. Every
 * value is public page content in the page's language (titles, phase names, dates, URLs);
 * nothing personal (no leaderboard nicknames, no user data).
 */

export type JsonLd = WithContext<Thing>;

const CONTEXT = 'https://schema.org' as const;

/** The site's organization, referenced by id from the other blocks. */
export const organizationId = (origin: string): string =>
  `${origin}/#organization`;

export const organization = (args: {
  origin: string;
  name: string;
  logo: string;
  /** The organization's own profiles elsewhere (its social channels: `socialProfiles`). */
  sameAs: readonly string[];
}): WithContext<Organization> => ({
  '@context': CONTEXT,
  '@type': 'Organization',
  '@id': organizationId(args.origin),
  name: args.name,
  url: `${args.origin}/`,
  logo: args.logo,
  ...(args.sameAs.length ? { sameAs: [...args.sameAs] } : {}),
});

export const webSite = (args: {
  origin: string;
  name: string;
  /** The home page of this language. */
  url: string;
  description: string;
  inLanguage: string;
}): WithContext<WebSite> => ({
  '@context': CONTEXT,
  '@type': 'WebSite',
  '@id': `${args.url}#website`,
  name: args.name,
  url: args.url,
  description: args.description,
  inLanguage: args.inLanguage,
  publisher: { '@id': organizationId(args.origin) },
});

export type Crumb = { readonly name: string; readonly url: string };

/** Home → … → this page, each with its absolute URL (the last one is the page itself). */
export const breadcrumbList = (
  crumbs: readonly Crumb[],
): WithContext<BreadcrumbList> => ({
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.name,
    item: crumb.url,
  })),
});

export type EventPhase = {
  readonly name: string;
  readonly startAt: string;
  readonly endAt: string;
};

/**
 * An online event run in phases (a trading competition, a token launch): one Event from the
 * first phase's start to the last one's end, each phase a sub-event. Dates are ISO 8601 as the
 * API gives them. No phases, no event.
 */
export const phasedEvent = (args: {
  origin: string;
  name: string;
  description: string;
  url: string;
  inLanguage: string;
  phases: readonly EventPhase[];
}): WithContext<Event> | undefined => {
  const phases = args.phases.filter(
    (p) => !Number.isNaN(Date.parse(p.startAt)),
  );
  const first = phases[0];
  const last = phases.at(-1);
  if (!first || !last) return undefined;
  const online = {
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: args.url },
    organizer: { '@id': organizationId(args.origin) },
    inLanguage: args.inLanguage,
  } as const;
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: args.name,
    description: args.description,
    url: args.url,
    startDate: first.startAt,
    endDate: last.endAt,
    ...online,
    subEvent: phases.map((p) => ({
      '@type': 'Event',
      name: `${args.name}: ${p.name}`,
      startDate: p.startAt,
      endDate: p.endAt,
      url: args.url,
      ...online,
    })),
  };
};

/**
 * A JSON-LD block's text for `<script type="application/ld+json">`. `<` is escaped so no value
 * can close the script element (and the line separators JavaScript once rejected). A data block
 * is never executed, so the CSP's script-src does not apply to it.
 */
export const jsonLdJson = (data: JsonLd): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A page's schedule as its structured data: one Event named and described as the page is, with
 * a sub-event per phase, each phase named from `labels` in the page's language (its API id
 * when it has none). Empty when the schedule has no dated phase.
 */
export const pageEvent = (
  context: StructuredDataContext,
  phases: readonly {
    readonly phase: string;
    readonly startAt: string;
    readonly endAt: string;
  }[],
  labels: Readonly<Record<string, MessageDescriptor | undefined>>,
): readonly JsonLd[] => {
  const event = phasedEvent({
    origin: context.origin,
    name: context.heading,
    description: context.description,
    url: context.url,
    inLanguage: getLocaleEntry(context.locale).hreflang,
    phases: phases.map((p) => {
      const label = labels[p.phase];
      return { ...p, name: label ? context.i18n._(label) : p.phase };
    }),
  });
  return event ? [event] : [];
};
