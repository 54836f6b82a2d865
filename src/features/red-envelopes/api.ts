import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { unlessMissing } from '../../lib/http/index.ts';
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

const rulesSchema = v.object({
  maxValidityDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
  receivesPerDay: v.pipe(v.number(), v.integer(), v.minValue(1)),
  coins: v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(50)),
});
export type EnvelopeRules = v.InferOutput<typeof rulesSchema>;

/** The rules every red envelope follows (limits, validity, coins): the same for everyone. */
export const getEnvelopeRules = (locale: Locale): Promise<EnvelopeRules> =>
  getServerApi(locale).static('/api/v1/red-envelope-rules', {
    schema: rulesSchema,
  });
