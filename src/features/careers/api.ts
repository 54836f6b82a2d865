import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { httpLinkSchema } from '../../lib/http/http-url-schema.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const positionSchema = v.object({
  id: v.string(),
  role: v.string(),
  team: v.string(),
  location: v.string(),
  employment: v.picklist(['full-time', 'contract', 'internship']),
  remote: v.boolean(),
  /** http(s) only; an unsafe or missing address is undefined (the position shows no Apply link). */
  applyUrl: httpLinkSchema,
});
export type Position = v.InferOutput<typeof positionSchema>;

export const getPositions = async (locale: Locale): Promise<Position[]> =>
  (
    await getServerApi(locale).static('/api/v1/careers/positions', {
      schema: v.object({ items: v.array(positionSchema) }),
    })
  ).items;
