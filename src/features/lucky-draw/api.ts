import 'server-only';

import * as v from 'valibot';

import type { Locale } from '../../i18n/locales.ts';
import { decimalSchema } from '../../lib/http/decimal-schema.ts';
import { unlessMissing } from '../../lib/http/index.ts';
import { essential } from '../../lib/page-status.ts';
import { getServerApi } from '../../lib/server/api-client.ts';

const drawSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(64)),
  startAt: v.string(),
  endAt: v.string(),
  chancesPerUser: v.number(),
  prizes: v.array(
    v.object({
      id: v.string(),
      coin: v.string(),
      amount: decimalSchema,
      probability: decimalSchema,
      remaining: v.number(),
    }),
  ),
  results: v.array(
    v.object({ user: v.string(), prizeId: v.string(), at: v.string() }),
  ),
});

export type LuckyDraw = v.InferOutput<typeof drawSchema>;
export const DRAW_NOT_FOUND = 60001;

export const getLuckyDrawNames = async (): Promise<string[]> =>
  (
    await getServerApi('en').static('/api/v1/lucky-draws', {
      schema: v.object({ items: v.array(v.object({ name: v.string() })) }),
    })
  ).items.map((d) => d.name);

export const getLuckyDraw = (
  name: string,
  locale: Locale,
): Promise<LuckyDraw | undefined> =>
  unlessMissing(
    getServerApi(locale).static(
      `/api/v1/lucky-draws/${encodeURIComponent(name)}`,
      { schema: drawSchema, skipErrorToast: true },
    ),
    DRAW_NOT_FOUND,
  );

/** A draw as its page and title read it: essential data (503 without an answer, not a 200). */
export const lookupDraw = (
  name: string,
  locale: Locale,
): Promise<LuckyDraw | undefined> =>
  essential(() => getLuckyDraw(name, locale));
