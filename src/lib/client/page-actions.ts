import * as v from 'valibot';

import { clientApi } from '../client-api.ts';
import { ApiError } from '../http/index.ts';
import { browserPlatform } from './platform.ts';

/**
 * The API calls behind the pages' own action buttons (receive a red envelope, draw, request an
 * authenticator unbind). The buttons import this module on first use, so the request client
 * and its schemas stay out of the page's first JS. Every call answers a result, never throws:
 * `code` is the API's ret_code (0 when the request itself failed).
 */
export type ActionResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: number };

/**
 * The request client for this browser. The platform is read here, not handed down from the
 * server: a guest page is one cached document for every visitor, so nothing in it may depend
 * on the user agent that happened to render it.
 */
const api = (lang: string) =>
  clientApi(
    lang,
    browserPlatform(navigator.userAgent, navigator.maxTouchPoints),
  );

const run = async <T>(call: () => Promise<T>): Promise<ActionResult<T>> => {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, code: error instanceof ApiError ? error.retCode : 0 };
  }
};

export const receiveEnvelope = (lang: string, code: string) =>
  run(() =>
    api(lang).post(
      `/api/v1/red-envelopes/${encodeURIComponent(code)}/receive`,
      { schema: v.object({ code: v.string() }), skipErrorToast: true },
    ),
  );

export const drawOnce = (lang: string, name: string) =>
  run(() =>
    api(lang).post(`/api/v1/lucky-draws/${encodeURIComponent(name)}/draw`, {
      schema: v.object({
        prizeId: v.string(),
        chancesLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
      }),
      skipErrorToast: true,
    }),
  );

export type UnbindRequest = {
  readonly email: string;
  readonly uid: string;
  readonly reason: string;
  readonly contact: string;
};

export const requestUnbind = (lang: string, body: UnbindRequest) =>
  run(() =>
    api(lang).post('/api/v1/security/unbind-google2fa', {
      body,
      schema: v.object({ ticket: v.string(), status: v.string() }),
      skipErrorToast: true,
    }),
  );
