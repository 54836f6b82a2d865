import * as v from 'valibot';

import { pageAction } from '../../lib/client/page-actions.ts';

export type UnbindRequest = {
  readonly email: string;
  readonly uid: string;
  readonly reason: string;
  readonly contact: string;
};

/** Sends an authenticator unbind request (loaded by the form on first use). */
export const requestUnbind = (lang: string, body: UnbindRequest) =>
  pageAction(lang, (api) =>
    api.post('/api/v1/security/unbind-google2fa', {
      body,
      schema: v.object({ ticket: v.string(), status: v.string() }),
      skipErrorToast: true,
    }),
  );
