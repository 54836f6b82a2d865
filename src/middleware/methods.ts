import type { MiddlewareHandler } from 'hono';

import { pathKind, type PathKind } from '../lib/navigation-path.ts';
import { replaceResponse } from './response.ts';

/** What the API proxy forwards: the upstream API decides what each path takes. */
const API_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];
/** Waku's RSC paths: payloads (GET) and server functions (POST). */
const RSC_METHODS = ['GET', 'HEAD', 'POST'];
/** Pages, files, sitemaps, robots.txt, probes: read only. */
const READ_METHODS = ['GET', 'HEAD'];

const METHODS_OF: Readonly<Record<PathKind, readonly string[]>> = {
  api: API_METHODS,
  rsc: RSC_METHODS,
  asset: READ_METHODS,
  document: READ_METHODS,
};

/** The methods a path answers (RFC 9110 §15.5.6: the Allow header of a 405). */
export const allowedMethods = (path: string): readonly string[] =>
  METHODS_OF[pathKind(path)];

/**
 * The method policy, in front of everything that renders:
 * - a method a path does not take is a 405 with `Allow` (an OPTIONS request: 204 with `Allow`),
 *   never a page rendered as if it were a GET, nor a framework error;
 * - a HEAD answer keeps the headers of its GET and drops the body at once. Node never reads the
 *   body of a HEAD answer, so a render behind it would otherwise hold its render turn (and its
 *   memory) for as long as the process lives.
 */
export const methods = (): MiddlewareHandler => async (c, next) => {
  const method = c.req.method;
  const allowed = allowedMethods(c.req.path);
  if (!allowed.includes(method)) {
    const allow = allowed.join(', ');
    return method === 'OPTIONS'
      ? new Response(null, {
          status: 204,
          headers: { allow, 'cache-control': 'no-store' },
        })
      : new Response('Method Not Allowed\n', {
          status: 405,
          headers: {
            allow,
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
          },
        });
  }
  await next();
  if (method !== 'HEAD') return;
  const res = c.res;
  if (!res.body) return;
  // cancelling stops the render (and hands its turn back) and frees what it held
  await res.body.cancel();
  replaceResponse(
    c,
    new Response(null, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    }),
  );
};
