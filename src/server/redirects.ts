import 'server-only';

import {
  unstable_getRequest as getRequest,
  unstable_getRscPath as getRscPath,
  unstable_redirect as redirect,
} from 'waku/router/server';

import { findRedirect } from '../lib/server/redirect-rules.ts';

/**
 * Spec §2: a redirect rule is fetched for the current path on navigation. Rendering a route
 * (or the not-found page) asks first: the first load answers 308 (internal) or 307 to an
 * allowlisted external address; a client navigation gets Waku's client-side redirect (a full
 * page load for external targets).
 */
export const applyRedirectRule = async (): Promise<void> => {
  let pathname: string;
  try {
    pathname = new URL(getRequest().url).pathname;
  } catch {
    return;
  }
  if (pathname.startsWith('/RSC/')) {
    // a client navigation: the route it asks for is in the RSC path ('R/en/launchpad')
    const rscPath = getRscPath();
    if (!rscPath?.startsWith('R/')) return;
    pathname = `/${rscPath.slice(2)}`;
  }
  const target = await findRedirect(pathname);
  if (!target) return;
  redirect(
    target.external ? new URL(target.location) : target.location,
    target.status ?? (target.external ? 307 : 308),
  );
};
