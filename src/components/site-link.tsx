import type { ReactNode } from 'react';

import type { SitePath } from '../routes.ts';

export type SiteLinkProps = {
  /** A same-host path (with query and hash if any): `routePath(…)` for a page of the table. */
  to: SitePath;
  children: ReactNode;
  className?: string | undefined;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string | undefined;
  hrefLang?: string | undefined;
  /** An analytics Click marker: `banner:home-launchpad` (spec §3 button types). */
  'data-track'?: string | undefined;
};

/**
 * Every same-host link of the site: a plain `<a>` marked `data-app-link`, so it works before
 * any script and inside server-rendered HTML strings (`StaticHtml`). Once the page has
 * hydrated, `SiteLinkNavigation` (one listener for the whole document) turns a click into a
 * client navigation through the Waku router with the loading bar, prefetches the RSC payload
 * when the link is pointed at or focused, and makes the click a full page load once a newer
 * build was seen.
 */
export const SiteLink = ({ to, children, ...rest }: SiteLinkProps) => (
  <a href={to} data-app-link="" {...rest}>
    {children}
  </a>
);
