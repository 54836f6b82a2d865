import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { ApiError } from '../../lib/http/index.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

export const VERIFY_KINDS = ['url', 'email', 'telegram', 'x'] as const;
export type VerifyKind = (typeof VERIFY_KINDS)[number];

const resultSchema = v.object({
  kind: v.picklist(VERIFY_KINDS),
  value: v.string(),
  official: v.boolean(),
  matched: v.optional(v.string()),
});
export type VerifyResult =
  | v.InferOutput<typeof resultSchema>
  | { kind: VerifyKind; value: string; invalid: true };

export const verifyChannel = async (
  kind: VerifyKind,
  value: string,
  locale: Locale,
): Promise<VerifyResult> => {
  try {
    return await getServerApi(locale).get('/api/v1/official-verify', {
      query: { kind, value },
      schema: resultSchema,
      skipErrorToast: true,
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.retCode === 80001 || error.retCode === 80002)
    )
      return { kind, value, invalid: true };
    throw error;
  }
};
