import type { MiddlewareHandler } from 'hono';

import { getRemoteCatalog } from '../lib/i18n/server.ts';
import { findRequestContext } from '../lib/server/request-context.ts';

/**
 * When remote translation bundles are on (I18N_REMOTE_BUNDLES=1), a page render for a locale
 * first makes sure that locale's bundles are loaded for this environment (the first request
 * waits, bounded by the bundle timeout; later ones never wait). Off, it is not mounted.
 */
export const remoteTranslations = (): MiddlewareHandler => async (c, next) => {
  const catalog = getRemoteCatalog();
  const context = findRequestContext();
  if (
    catalog &&
    context &&
    (c.req.method === 'GET' || c.req.method === 'HEAD')
  ) {
    // the language the answer renders in (a client navigation's: its route's)
    if (context.locale) await catalog.prepare(context.env, context.locale);
  }
  return next();
};
