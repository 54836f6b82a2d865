import * as v from 'valibot';

import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import type { RequestClient } from '../../lib/http/index.ts';
import { islandMark } from '../../lib/island-data.ts';

/** A trader's own commitment to one launch (`GET /launchpad/projects/:id/mine`, logged in). */
const mineSchema = v.object({
  projectId: v.pipe(v.string(), v.maxLength(64)),
  coin: v.pipe(v.string(), v.maxLength(16)),
  committed: decimalSchema,
  subscriptions: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lastAt: v.nullable(v.string()),
  estimatedTokens: decimalSchema,
  /** The project's totals with this trader's subscriptions in them (fresher than a cached page). */
  totals: v.optional(
    v.object({
      raised: decimalSchema,
      participants: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  ),
});

export type MyCommitment = v.InferOutput<typeof mineSchema>;

export const fetchMyCommitment = (
  api: RequestClient,
  projectId: string,
): Promise<MyCommitment> =>
  api.get(`/api/v1/launchpad/projects/${encodeURIComponent(projectId)}/mine`, {
    schema: mineSchema,
  });

const markSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  token: v.pipe(v.string(), v.maxLength(16)),
  coin: v.pipe(v.string(), v.maxLength(16)),
  locale: v.pipe(v.string(), v.maxLength(35)),
});

export type MineMark = v.InferOutput<typeof markSchema>;

/** The attribute on the project page's figures the widget brings up to date (`raised`, `participants`). */
export const TOTAL_ATTRIBUTE = 'data-launch-total';

/** The mark the project page leaves for the widget (widgets.client.tsx renders it). */
export const MINE_ISLAND = islandMark<MineMark>(
  'data-launchpad-mine',
  markSchema,
);
