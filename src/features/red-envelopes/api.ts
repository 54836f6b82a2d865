import 'server-only';

import * as v from 'valibot';

import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { unlessMissing } from '../../lib/http/index.ts';
import type { Locale } from '../../lib/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

export const envelopeSchema = v.object({
  code: v.string(),
  coin: v.string(),
  amount: decimalSchema,
  state: v.picklist(['valid', 'expired', 'received', 'exhausted']),
  expiresAt: v.string(),
  sender: v.string(),
});
export type Envelope = v.InferOutput<typeof envelopeSchema>;

/** The API's answer for a code that names no red envelope. */
const ENVELOPE_NOT_FOUND = 50001;

export const getEnvelope = (
  code: string,
  locale: Locale,
): Promise<Envelope | undefined> =>
  unlessMissing(
    getServerApi(locale).get(
      `/api/v1/red-envelopes/${encodeURIComponent(code)}`,
      { schema: envelopeSchema, skipErrorToast: true },
    ),
    ENVELOPE_NOT_FOUND,
  );
