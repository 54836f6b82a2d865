import { ApiError, type RequestClient } from '../http/index.ts';
import { clientApi } from './request-client.ts';

/**
 * What a page's own action button (receive a red envelope, draw, request an authenticator
 * unbind) gets back from its API call: never a throw. `code` is the API's ret_code (0 when the
 * request itself failed). Each feature's actions.ts makes its calls through `pageAction`, and
 * its button loads that module on first use (onFirstUse), so the request client stays out of
 * the page's first JS.
 */
export type ActionResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: number };

/**
 * Runs one call with the request client for this browser (its platform read by clientApi, not
 * handed down from the server: a guest page is one cached document for every visitor).
 */
export const pageAction = async <T>(
  lang: string,
  call: (api: RequestClient) => Promise<T>,
): Promise<ActionResult<T>> => {
  try {
    const api = clientApi(lang);
    return { ok: true, value: await call(api) };
  } catch (error) {
    return { ok: false, code: error instanceof ApiError ? error.retCode : 0 };
  }
};
