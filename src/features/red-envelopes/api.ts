import 'server-only';

import * as v from 'valibot';

import { ApiError } from '../../lib/http/index.ts';
import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

export const envelopeSchema = v.object({
  code: v.string(),
  coin: v.string(),
  amount: v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/)),
  state: v.picklist(['valid', 'expired', 'received', 'exhausted']),
  expiresAt: v.string(),
  sender: v.string(),
});
export type Envelope = v.InferOutput<typeof envelopeSchema>;

export const getEnvelope = async (
  code: string,
  locale: Locale,
): Promise<Envelope | undefined> => {
  try {
    return await getServerApi(locale).get(
      `/api/v1/red-envelopes/${encodeURIComponent(code)}`,
      { schema: envelopeSchema, skipErrorToast: true },
    );
  } catch (error) {
    if (error instanceof ApiError && error.retCode === 50001) return undefined;
    throw error;
  }
};
