import type { I18n } from '@lingui/core';

import { ExternalLink } from '../../components/external-link.tsx';
import { roundStroke } from '../../components/line-icon.ts';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { routePath, type RouteId } from '../../routes.ts';
import { NAV_GROUPS, type NavGroupId } from './nav-groups.ts';

/** A menu's link to another site of the exchange (the market site, the help centre). */
export type AwayLink = {
  readonly id: string;
  readonly href: string;
  readonly label: string;
};

const Chevron = () => (
  <svg
    className="nav-chevron"
    width="12"
    height="12"
    viewBox="0 0 12 12"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M2.5 4.5 6 8l3.5-3.5" {...roundStroke('1.6')} />
  </svg>
);

const MenuIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 20 20"
    aria-hidden="true"
    focusable="false"
  >
    <path
      d="M3 5h14M3 10h14M3 15h14"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);

/**
 * Navigation to every area (its marks, `data-nav-*`, are read as `nav-marks.ts` names them), read from the route table in a few menus (`NAV_GROUPS`), drawn
 * entirely on the server: no client component, nothing in the page's first JS (decision 0019).
 *
 * Each group is a button and its plain list of links (`StaticHtml`). Without JavaScript the
 * lists are the navigation (`@media (scripting: none)` shows them and hides the buttons), and
 * crawlers follow them. With JavaScript the widgets chunk (`NavMenus`) makes each group's button
 * open a react-aria popover holding that list at 1024 px and wider, and the Menu button open a
 * navigation drawer (react-aria modal dialog) below; a click before the chunk is in is kept and
 * answered when it arrives (`app-root.client.tsx`).
 */
export const SiteNav = ({
  i18n,
  locale,
  current,
  label,
  menuLabel,
  closeLabel,
  away,
}: {
  i18n: I18n;
  locale: Locale;
  current: RouteId;
  label: string;
  menuLabel: string;
  closeLabel: string;
  /** Links to the exchange's other sites, first in their group's menu. */
  away: Readonly<Partial<Record<NavGroupId, readonly AwayLink[]>>>;
}) => (
  <nav className="site-nav" aria-label={label}>
    <button
      type="button"
      className="nav-drawer-button"
      aria-expanded="false"
      aria-haspopup="dialog"
      data-track="menu:nav-drawer"
      data-nav-button="drawer"
      data-close-label={closeLabel}
    >
      <MenuIcon />
      <span className="nav-drawer-label visually-hidden">{menuLabel}</span>
    </button>
    <ul className="nav-groups">
      {NAV_GROUPS.map((group) => (
        <li key={group.id} className="nav-group" data-nav-group={group.id}>
          <button
            type="button"
            className="nav-group-button"
            aria-expanded="false"
            data-here={group.routes.includes(current) ? '' : undefined}
            data-track={`menu:nav-${group.id}`}
            data-nav-button="group"
          >
            {i18n._(group.label)}
            <Chevron />
          </button>
          <StaticHtml as="ul" className="nav-group-links">
            {(away[group.id] ?? []).map((link) => (
              <li key={link.id}>
                <ExternalLink href={link.href} track={`link:nav-${link.id}`}>
                  {link.label}
                </ExternalLink>
              </li>
            ))}
            {group.routes.map((id) => (
              <li key={id}>
                <Link
                  to={routePath(locale, id)}
                  aria-current={id === current ? 'page' : undefined}
                  data-track={`link:nav-${id}`}
                >
                  {i18n._(ROUTE_META[id].nav)}
                </Link>
              </li>
            ))}
          </StaticHtml>
        </li>
      ))}
    </ul>
  </nav>
);
