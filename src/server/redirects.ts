import 'server-only';

import {
  unstable_getRequest as getRequest,
  unstable_redirect as redirect,
} from 'waku/router/server';

import { isRscPath, navigationPath } from '../lib/navigation-path.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { findRedirect } from './redirect-rules.ts';

/**
 * Spec §2: a redirect rule is fetched for the current path on navigation. Rendering a route
 * (or the not-found page) asks first: the first load answers 308 (internal) or 307 to an
 * allowlisted external address, keeping its query string on an internal target that has none;
 * a client navigation gets Waku's client-side redirect (a full page load for external targets).
 */
export const applyRedirectRule = async (): Promise<void> => {
  let url: URL;
  try {
    url = new URL(getRequest().url);
  } catch {
    return;
  }
  const pathname = navigationPath(url.pathname);
  if (!pathname) return;
  const target = await findRedirect(pathname);
  if (!target) return;
  const document = !isRscPath(url.pathname);
  const location =
    document && !target.external && !target.location.includes('?')
      ? `${target.location}${findRequestContext()?.search ?? url.search}`
      : target.location;
  redirect(
    target.external ? new URL(location) : location,
    target.status ?? (target.external ? 307 : 308),
  );
};
