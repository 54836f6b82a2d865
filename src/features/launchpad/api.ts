import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { signedDecimalSchema } from '../../lib/http/decimal-schema.ts';
import { httpLinkSchema } from '../../lib/http/http-url-schema.ts';
import { ApiError } from '../../lib/http/index.ts';
import { essential } from '../../lib/page-status.ts';
import { getServerApi } from '../../lib/server/api-client.ts';
import { LOGO_COLOR, LOGO_GLYPH } from '../../lib/server/images.ts';

export const launchpadStateSchema = v.picklist([
  'upcoming',
  'ongoing',
  'ended',
  'delisted',
]);

export const launchpadProjectSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  name: v.string(),
  token: v.string(),
  state: launchpadStateSchema,
  startAt: v.string(),
  endAt: v.string(),
  price: signedDecimalSchema,
  totalAllocation: signedDecimalSchema,
  raised: signedDecimalSchema,
  progress: signedDecimalSchema,
  participants: v.number(),
  minSubscription: signedDecimalSchema,
  maxSubscription: signedDecimalSchema,
  logo: v.object({
    glyph: v.pipe(v.string(), v.regex(LOGO_GLYPH)),
    color: v.pipe(v.string(), v.regex(LOGO_COLOR)),
  }),
  results: v.optional(
    v.object({
      listingPrice: signedDecimalSchema,
      lastPrice: signedDecimalSchema,
    }),
  ),
});

export const launchpadDetailSchema = v.object({
  ...launchpadProjectSchema.entries,
  acceptedCoin: v.string(),
  /** http(s) only; an unsafe or missing address is undefined (the page leaves that link out). */
  website: httpLinkSchema,
  timeline: v.array(
    v.object({ phase: v.string(), startAt: v.string(), endAt: v.string() }),
  ),
  tiers: v.array(
    v.object({
      tier: v.string(),
      allocation: signedDecimalSchema,
      maxSubscription: signedDecimalSchema,
    }),
  ),
  rules: v.array(v.string()),
  sector: v.string(),
  totalSupply: signedDecimalSchema,
  supplyShare: signedDecimalSchema,
  listingPair: v.string(),
  listingAt: v.string(),
  links: v.object({
    whitepaper: httpLinkSchema,
    explorer: httpLinkSchema,
    x: httpLinkSchema,
    telegram: httpLinkSchema,
  }),
  faq: v.array(v.string()),
});

const listSchema = v.object({ items: v.array(launchpadProjectSchema) });

export type LaunchpadProject = v.InferOutput<typeof launchpadProjectSchema>;
export type LaunchpadDetail = v.InferOutput<typeof launchpadDetailSchema>;

/** ret_codes of the launchpad API (sandbox README). */
export const LAUNCHPAD_NOT_FOUND = 30001;
export const LAUNCHPAD_GONE = 30002;

export const getLaunchpadProjects = async (
  locale: Locale,
): Promise<LaunchpadProject[]> =>
  (
    await getServerApi(locale).static('/api/v1/launchpad/projects', {
      schema: listSchema,
    })
  ).items;

export type LaunchpadLookup =
  | { found: true; project: LaunchpadDetail }
  | { found: false; status: 404 | 410 };

export const getLaunchpadProject = async (
  id: string,
  locale: Locale,
): Promise<LaunchpadLookup> => {
  try {
    const project = await getServerApi(locale).static(
      `/api/v1/launchpad/projects/${encodeURIComponent(id)}`,
      {
        schema: launchpadDetailSchema,
        skipErrorToast: true,
      },
    );
    return { found: true, project };
  } catch (error) {
    if (error instanceof ApiError && error.retCode === LAUNCHPAD_NOT_FOUND)
      return { found: false, status: 404 };
    if (error instanceof ApiError && error.retCode === LAUNCHPAD_GONE)
      return { found: false, status: 410 };
    throw error;
  }
};

/**
 * A project as its page, title and share image read it: essential data (without an answer the
 * page is a 503 with Retry-After, never a blank 200).
 */
export const lookupProject = (
  id: string,
  locale: Locale,
): Promise<LaunchpadLookup> => essential(() => getLaunchpadProject(id, locale));
