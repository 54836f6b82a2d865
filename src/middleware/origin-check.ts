import type { MiddlewareHandler } from 'hono';

import { REFUSAL_HEADER, SITE_ORIGIN_HEADER } from '../lib/http/envelope.ts';
import { findRequestContext } from '../lib/server/request-context.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request (POST to the API proxy, Waku server actions, anything else)
 * must come from this site: its Origin header must be the site's own origin. Requests without
 * an Origin are refused too — browsers send one on every cross-site and same-site POST, so only
 * non-browser clients lack it, and they can send it. Answers 403, never 500.
 */
export const originCheck = (): MiddlewareHandler => async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const context = findRequestContext();
  const origin = c.req.header('origin');
  if (!context || !origin || origin !== context.origin) {
    return new Response('Forbidden: cross-origin request\n', {
      status: 403,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        // what the refusal is, so the browser's client can say so in the page's language
        [REFUSAL_HEADER]: 'cross-origin',
        // and where to go instead: the origin this host is served at (the site's own)
        ...(context ? { [SITE_ORIGIN_HEADER]: context.origin } : {}),
      },
    });
  }
  await next();
};
