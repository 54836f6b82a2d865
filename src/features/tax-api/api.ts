import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const fieldSchema = v.object({
  name: v.string(),
  type: v.string(),
  required: v.boolean(),
  description: v.string(),
});
const docsSchema = v.object({
  baseUrl: v.string(),
  auth: v.string(),
  rateLimitPerMinute: v.number(),
  endpoints: v.array(
    v.object({
      id: v.string(),
      method: v.string(),
      path: v.string(),
      parameters: v.array(fieldSchema),
      fields: v.array(fieldSchema),
      exampleRequest: v.string(),
      exampleResponse: v.unknown(),
    }),
  ),
});
export type TaxDocs = v.InferOutput<typeof docsSchema>;

export const getTaxDocs = async (locale: Locale): Promise<TaxDocs> =>
  getServerApi(locale).static('/api/v1/tax-api/docs', { schema: docsSchema });
