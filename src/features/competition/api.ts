import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { signedDecimalSchema } from '../../lib/http/decimal-schema.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const competitionSchema = v.object({
  name: v.string(),
  phases: v.array(
    v.object({ phase: v.string(), startAt: v.string(), endAt: v.string() }),
  ),
  rules: v.array(v.string()),
  totalPool: signedDecimalSchema,
  poolCoin: v.string(),
  prizePool: v.array(
    v.object({
      rankFrom: v.number(),
      rankTo: v.number(),
      coin: v.string(),
      amount: signedDecimalSchema,
    }),
  ),
  participants: v.number(),
  updatedAt: v.string(),
  leaderboard: v.array(
    v.object({
      rank: v.number(),
      nickname: v.string(),
      pnlPercent: signedDecimalSchema,
      volume: signedDecimalSchema,
    }),
  ),
});
export type Competition = v.InferOutput<typeof competitionSchema>;

export const getCompetition = async (locale: Locale): Promise<Competition> =>
  getServerApi(locale).static('/api/v1/competitions/ZCCCompetition2025', {
    schema: competitionSchema,
  });
