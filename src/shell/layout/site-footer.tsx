import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { ExternalLink } from '../../components/external-link.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { SocialIcon } from '../../components/social-icon.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../i18n/locales.ts';
import {
  localeSocialChannels,
  SOCIAL_CHANNEL_NAMES,
  trustLinks,
  type HostSet,
} from '../../lib/config/index.ts';
import { ROUTE_META } from '../../route-meta.ts';
import {
  getRoute,
  placedRoutes,
  routePath,
  type NavGroupId,
} from '../../routes.ts';

/** The footer's lists of the site's own pages: each route's `nav.footer` place (its route.ts). */
const FOOTER_GROUPS = placedRoutes('footer');

type FooterGroup = {
  readonly id: string;
  readonly heading: string;
  readonly links: readonly { readonly key: string; readonly link: ReactNode }[];
};

/**
 * The footer every layout shares, server-rendered (no script): the site's own pages (each
 * route's `nav.footer` place; in the bare layout's compact footer only those marked `compact`), then what a cautious visitor looks for before trusting an
 * exchange: help centre in the locale's help language, contact, fees, app downloads,
 * affiliates, the legal documents and the social channels that fit the locale, every address
 * from the environment's host set. The year is the render's (UTC, as the site's times are).
 */
export const SiteFooter = ({
  locale,
  siteName,
  compact,
  hosts,
  year,
}: {
  locale: Locale;
  siteName: string;
  compact: boolean;
  hosts: HostSet;
  year: number;
}) => {
  const { t, i18n } = useLingui();
  const trust = trustLinks(hosts, locale);
  /** A group's own pages; in the compact footer only those placed there too. */
  const own = (group: NavGroupId) =>
    (FOOTER_GROUPS.find((g) => g.group === group)?.routes ?? [])
      .filter((id) => !compact || getRoute(id).nav?.compact)
      .map((id) => ({
        key: id,
        link: (
          <Link to={routePath(locale, id)}>
            {i18n._(ROUTE_META[id].footer ?? ROUTE_META[id].nav)}
          </Link>
        ),
      }));
  /** The words of the links to the exchange's other sites (the help centre, the app, …). */
  const awayLabels: Record<keyof typeof trust, string> = {
    help: t`Help centre`,
    contact: t`Contact support`,
    downloads: t`App downloads`,
    affiliates: t`Affiliate programme`,
    terms: t`Terms of use`,
    privacy: t`Privacy notice`,
    risk: t`Risk disclosure`,
  };
  const away = (...ids: readonly (keyof typeof trust)[]) =>
    ids.map((id) => ({
      key: id,
      link: (
        <ExternalLink href={trust[id]} track={`link:footer-${id}`}>
          {awayLabels[id]}
        </ExternalLink>
      ),
    }));
  const products = own('products');
  const groups: readonly FooterGroup[] = [
    // a list of own pages only: none in the compact footer
    ...(products.length
      ? [{ id: 'products', heading: t`Products`, links: products }]
      : []),
    {
      id: 'support',
      heading: t`Support`,
      links: [...away('help', 'contact'), ...own('support')],
    },
    {
      id: 'company',
      heading: t`Company`,
      links: [...away('downloads', 'affiliates'), ...own('company')],
    },
    { id: 'legal', heading: t`Legal`, links: away('terms', 'privacy', 'risk') },
    {
      id: 'community',
      heading: t`Community`,
      links: localeSocialChannels(locale).map((id) => ({
        key: id,
        link: (
          <ExternalLink
            href={hosts.social[id]}
            className="footer-social"
            track={`link:footer-${id}`}
          >
            <SocialIcon channel={id} size={16} />
            {SOCIAL_CHANNEL_NAMES[id]}
          </ExternalLink>
        ),
      })),
    },
  ];
  return (
    <StaticHtml as="footer" className="site-footer">
      <nav aria-label={t`Footer`} className="footer-groups">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`}>{group.heading}</h2>
            <ul>
              {group.links.map(({ key, link }) => (
                <li key={key}>{link}</li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <p className="footer-note">
        {t`© ${year} ${siteName}. Digital assets are volatile: trade only what you can afford to lose.`}
      </p>
    </StaticHtml>
  );
};
