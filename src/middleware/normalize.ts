import type { MiddlewareHandler } from 'hono';

import { spellPath } from '../i18n/navigation.ts';
import { negotiatedRedirect } from '../i18n/request.ts';
import { localeStrategy, type LocaleStrategy } from '../i18n/routing.ts';
import { isDocumentPath, isRscPath } from '../lib/navigation-path.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { canonicalPath, requestProblem } from '../page-address.ts';
import { fallbackErrorHtml } from './fallback-error-page.ts';

/**
 * A refusal: for a person asking for a page, the localized error document in the language of
 * the path; for anything else (bots, payloads, the API, tests of this middleware alone) a short
 * plain text.
 */
const refuse = (
  url: URL,
  method: string,
  text: string,
  status: 400 | 404 | 414,
) => {
  const context = findRequestContext();
  const document =
    context !== undefined &&
    !context.isBot &&
    (method === 'GET' || method === 'HEAD') &&
    isDocumentPath(url.pathname);
  return new Response(
    document
      ? fallbackErrorHtml(context.locale, status, context.nonce)
      : `${text}\n`,
    {
      status,
      headers: {
        'content-type': document
          ? 'text/html; charset=utf-8'
          : 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      },
    },
  );
};

/**
 * One canonical form per URL before anything renders: bounded length of path and query (the
 * Host is not the visitor's URL), well-formed percent-encoding (400), bounded query strings, and
 * one spelling of each path, reached in one hop however many things were wrong at once: no
 * trailing slash, no empty segments, no escaped letters, and for a page of the route table the
 * table's spelling under the locale strategy (a prefix in another case, a bare language or an
 * alias, a route segment in another case: 308; no prefix under `prefix`: the visitor's locale,
 * negotiated as `/` is).
 */
export const normalize =
  (strategy: LocaleStrategy = localeStrategy()): MiddlewareHandler =>
  async (c, next) => {
    const url = new URL(c.req.url);
    const problem = requestProblem(url.pathname, url.search);
    if (problem) return refuse(url, c.req.method, problem.text, problem.status);
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      url.pathname.length > 1 &&
      !isRscPath(url.pathname)
    ) {
      const collapsed = canonicalPath(url.pathname);
      const spelled = isDocumentPath(collapsed)
        ? spellPath(collapsed, strategy)
        : undefined;
      if (spelled?.kind === 'negotiate')
        return negotiatedRedirect(c, spelled.rest, strategy);
      const target = spelled?.path ?? collapsed;
      if (target !== url.pathname) {
        return new Response(null, {
          status: 308,
          headers: {
            location: `${target}${url.search}`,
            'cache-control': 'public, max-age=3600',
          },
        });
      }
    }
    await next();
  };
