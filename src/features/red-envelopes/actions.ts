import * as v from 'valibot';

import { pageAction } from '../../lib/client/page-actions.ts';

/** Receives a red envelope for the logged-in person (loaded by the Receive button on first use). */
export const receiveEnvelope = (lang: string, code: string) =>
  pageAction(lang, (api) =>
    api.post(`/api/v1/red-envelopes/${encodeURIComponent(code)}/receive`, {
      schema: v.object({ code: v.string() }),
      skipErrorToast: true,
    }),
  );
