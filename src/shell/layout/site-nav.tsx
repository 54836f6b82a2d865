import type { I18n } from '@lingui/core';

import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../lib/locales.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { routePath, type RouteId } from '../../routes.ts';
import { NAV_GROUPS } from './nav-groups.ts';
import {
  NavDrawerButton,
  NavMenu,
  type NavGroupItem,
} from './nav-menus.client.tsx';

/**
 * Navigation to every area, read from the route table in a few menus (`NAV_GROUPS`).
 *
 * The server HTML holds every link as a plain list (`StaticHtml`): without JavaScript that list
 * is the navigation (`@media (scripting: none)` shows it and hides the buttons), and crawlers
 * follow it. With JavaScript each group is a button opening a react-aria popover of its links
 * at 1024 px and wider, and below that one Menu button opens a navigation drawer (react-aria
 * modal dialog). Both overlays are a chunk loaded on first use, not part of the page's first JS
 * (decision 0015).
 */
export const SiteNav = ({
  i18n,
  locale,
  current,
  label,
  menuLabel,
  closeLabel,
}: {
  i18n: I18n;
  locale: Locale;
  current: RouteId;
  label: string;
  menuLabel: string;
  closeLabel: string;
}) => {
  const groups: NavGroupItem[] = NAV_GROUPS.map((group) => ({
    id: group.id,
    label: i18n._(group.label),
    links: group.routes.map((id) => ({
      id,
      href: routePath(locale, id),
      label: i18n._(ROUTE_META[id].nav),
      current: id === current,
    })),
  }));
  return (
    <nav className="site-nav" aria-label={label}>
      <NavDrawerButton
        groups={groups}
        label={menuLabel}
        navLabel={label}
        closeLabel={closeLabel}
      />
      <ul className="nav-groups">
        {groups.map((group) => (
          <NavMenu key={group.id} group={group}>
            <StaticHtml as="ul" className="nav-group-links">
              {group.links.map((link) => (
                <li key={link.id}>
                  <Link
                    to={link.href}
                    aria-current={link.current ? 'page' : undefined}
                    data-track={`link:nav-${link.id}`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </StaticHtml>
          </NavMenu>
        ))}
      </ul>
    </nav>
  );
};
