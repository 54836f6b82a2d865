import type { MiddlewareHandler } from 'hono';

import { isRscPath } from '../lib/navigation-path.ts';
import { traceRender } from '../lib/server/tracing.ts';
import { pageAddress } from '../page-address.ts';
import { mutableResponse } from './response.ts';

/**
 * The request Waku renders: for a page (document or client navigation), its one address with
 * only the query parameters the page declares, so an undeclared parameter never reaches the
 * HTML or the RSC payload (which names the route and its query).
 */
const pageRequest = (request: Request): Request => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request;
  const url = new URL(request.url);
  const address = pageAddress(url.pathname, url.search);
  if (address === undefined || address === `${url.pathname}${url.search}`)
    return request;
  return new Request(new URL(address, url), request);
};

/**
 * Waku's renderer as the chain's last step: a page, RSC payload or server action it answers;
 * anything else falls through to the 404. An RSC payload is labelled `text/x-component` (Waku
 * leaves the type out), so caches, compression and tools see it for what it is.
 */
export const render =
  (
    processRequest: (request: Request) => Promise<Response | null | undefined>,
  ): MiddlewareHandler =>
  async (c, next) => {
    // a span from here to the answer's last byte when tracing is on (a plain call when off)
    const res = await traceRender(
      { 'exchange.render_kind': isRscPath(c.req.path) ? 'rsc' : 'document' },
      () => processRequest(pageRequest(c.req.raw)),
    );
    if (!res) return next();
    c.res = res;
    if (
      res.status === 200 &&
      isRscPath(c.req.path) &&
      !/^text\/x-component/.test(res.headers.get('content-type') ?? '')
    )
      mutableResponse(c).headers.set(
        'content-type',
        'text/x-component; charset=utf-8',
      );
  };
