import * as v from 'valibot';

import { pageAction } from '../../lib/client/page-actions.ts';

/** Draws once for the logged-in person (loaded by the Draw button on first use). */
export const drawOnce = (lang: string, name: string) =>
  pageAction(lang, (api) =>
    api.post(`/api/v1/lucky-draws/${encodeURIComponent(name)}/draw`, {
      schema: v.object({
        prizeId: v.string(),
        chancesLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
      }),
      skipErrorToast: true,
    }),
  );
