import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { unlessMissing } from '../../lib/http/index.ts';
import { essential } from '../../lib/page-status.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const campaignSummarySchema = v.object({
  name: v.pipe(v.string(), v.maxLength(64)),
  rewardAmount: decimalSchema,
  rewardCoin: v.string(),
  startAt: v.string(),
  endAt: v.string(),
});
const campaignSchema = v.object({
  ...campaignSummarySchema.entries,
  tasks: v.array(
    v.object({
      code: v.string(),
      reward: decimalSchema,
      coin: v.string(),
      target: decimalSchema,
    }),
  ),
});

export type CampaignSummary = v.InferOutput<typeof campaignSummarySchema>;
export type Campaign = v.InferOutput<typeof campaignSchema>;
export const CAMPAIGN_NOT_FOUND = 70001;

export const getCampaigns = async (
  locale: Locale,
): Promise<CampaignSummary[]> =>
  (
    await getServerApi(locale).static('/api/v1/campaigns', {
      schema: v.object({ items: v.array(campaignSummarySchema) }),
    })
  ).items;

export const getCampaign = (
  name: string,
  locale: Locale,
): Promise<Campaign | undefined> =>
  unlessMissing(
    getServerApi(locale).static(
      `/api/v1/campaigns/${encodeURIComponent(name)}`,
      { schema: campaignSchema, skipErrorToast: true },
    ),
    CAMPAIGN_NOT_FOUND,
  );

/** A campaign as its page and title read it: essential data (503 without an answer, not a 200). */
export const lookupCampaign = (
  name: string,
  locale: Locale,
): Promise<Campaign | undefined> => essential(() => getCampaign(name, locale));
