import 'server-only';

import * as v from 'valibot';

import { ApiError } from '../../lib/http/index.ts';
import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const decimal = v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/));
const campaignSummarySchema = v.object({
  name: v.pipe(v.string(), v.maxLength(64)),
  rewardAmount: decimal,
  rewardCoin: v.string(),
  startAt: v.string(),
  endAt: v.string(),
});
const campaignSchema = v.object({
  ...campaignSummarySchema.entries,
  tasks: v.array(
    v.object({
      code: v.string(),
      reward: decimal,
      coin: v.string(),
      target: decimal,
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

export const getCampaign = async (
  name: string,
  locale: Locale,
): Promise<Campaign | undefined> => {
  try {
    return await getServerApi(locale).static(
      `/api/v1/campaigns/${encodeURIComponent(name)}`,
      {
        schema: campaignSchema,
        skipErrorToast: true,
      },
    );
  } catch (error) {
    if (error instanceof ApiError && error.retCode === CAMPAIGN_NOT_FOUND)
      return undefined;
    throw error;
  }
};
