import type { I18n } from '@lingui/core';

import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../lib/locales.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { ROUTES, routePath, type RouteId } from '../../routes.ts';

const NAV_ROUTES = ROUTES.filter((route) => route.nav);

/** Navigation to every area, read from the route table (server-rendered HTML: no client part). */
export const SiteNav = ({
  i18n,
  locale,
  current,
  label,
}: {
  i18n: I18n;
  locale: Locale;
  current: RouteId;
  label: string;
}) => (
  <StaticHtml as="nav" className="site-nav" aria-label={label}>
    <ul>
      {NAV_ROUTES.map((route) => (
        <li key={route.id}>
          <Link
            to={routePath(locale, route.id) as never}
            aria-current={route.id === current ? 'page' : undefined}
            data-track={`link:nav-${route.id}`}
          >
            {i18n._(ROUTE_META[route.id].nav)}
          </Link>
        </li>
      ))}
    </ul>
  </StaticHtml>
);
