import { clientApi } from '../client-api.ts';
import { ApiError, type RequestClient } from '../http/index.ts';
import { browserPlatform } from './platform.ts';

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
 * Runs one call with the request client for this browser. The platform is read here, not
 * handed down from the server: a guest page is one cached document for every visitor, so
 * nothing in it may depend on the user agent that happened to render it.
 */
export const pageAction = async <T>(
  lang: string,
  call: (api: RequestClient) => Promise<T>,
): Promise<ActionResult<T>> => {
  try {
    const api = clientApi(
      lang,
      browserPlatform(navigator.userAgent, navigator.maxTouchPoints),
    );
    return { ok: true, value: await call(api) };
  } catch (error) {
    return { ok: false, code: error instanceof ApiError ? error.retCode : 0 };
  }
};
