import type { MiddlewareHandler } from 'hono';

import { isPagePath } from '../i18n/navigation.ts';
import {
  isDocumentPath,
  isRscPath,
  navigationPath,
} from '../lib/navigation-path.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { fallbackErrorHtml } from './fallback-error-page.ts';
import { replaceResponse } from './response.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Whether an RSC request asks for a page of the route table. Its payload streams, so a status
 * the page sets while rendering comes too late for the headers: a navigation to a path that is
 * not a page (the not-found payload, a redirect rule) is known before and never shared.
 */
const isPageNavigation = (path: string): boolean => {
  const pathname = navigationPath(path);
  return pathname !== undefined && isPagePath(pathname);
};

const isHtml = (res: Response) =>
  (res.headers.get('content-type') ?? '').includes('text/html');

/**
 * Makes statuses mean what they say (spec §2, §8):
 * - a page that asked for a status (404 for an unknown key, 410, 503) gets it on the wire;
 * - a thrown error, which Waku answers with a bare 500 (or an empty HTML shell when the
 *   error happened during SSR), gets the localized error screen, never the exception message;
 * - bots get the same status with a short plain body, never an error page built for people;
 * - a redirect carries its Location and no body (Waku writes an error message into it).
 */
export const statusRewrite = (): MiddlewareHandler => async (c, next) => {
  await next();
  const context = findRequestContext();
  if (!context) return;
  let res = c.res;
  if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
    await res.body?.cancel();
    replaceResponse(c, new Response(null, res));
    return;
  }
  const wanted = context.status;
  if (wanted && res.status === 200 && isHtml(res)) {
    const headers = new Headers(res.headers);
    if (wanted.retryAfter !== undefined)
      headers.set('retry-after', String(wanted.retryAfter));
    res = new Response(res.body, { status: wanted.code, headers });
  }
  const isDocument = c.req.method === 'GET' && isDocumentPath(c.req.path);
  if (res.status >= 500 && isDocument && (!isHtml(res) || !wanted)) {
    await res.body?.cancel();
    const retryAfter = res.headers.get('retry-after');
    res = new Response(
      fallbackErrorHtml(context.locale, res.status, context.nonce),
      {
        status: res.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          // when to come back stays what the handler said (a 503 sitemap, say)
          ...(retryAfter ? { 'retry-after': retryAfter } : {}),
        },
      },
    );
  }
  if (res.status === 500 && !wanted && isRscPath(c.req.path)) {
    // Waku throws on RSC paths it cannot decode (a client error); our routes catch their own
    // failures and say so through `wanted`, so an unexplained 500 here is a bad request
    await res.body?.cancel();
    const get = c.req.method === 'GET' || c.req.method === 'HEAD';
    res = new Response(get ? 'Not Found\n' : 'Bad Request\n', {
      status: get ? 404 : 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (res.status >= 400 && context.isBot && isHtml(res)) {
    await res.body?.cancel();
    const headers = new Headers(res.headers);
    headers.set('content-type', 'text/plain; charset=utf-8');
    headers.delete('content-length');
    res = new Response(`${res.status} ${REASONS[res.status] ?? 'Error'}\n`, {
      status: res.status,
      headers,
    });
  }
  if (
    res.status >= 400 ||
    wanted ||
    (isRscPath(c.req.path) && !isPageNavigation(c.req.path))
  )
    res.headers.set('cache-control', 'no-store');
  if (res !== c.res) replaceResponse(c, res);
};
