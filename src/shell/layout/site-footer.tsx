import { useLingui } from '@lingui/react/macro';

import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../lib/locales.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { routePath, type RouteId } from '../../routes.ts';
import { PRODUCT_ROUTES, type NavGroupId } from './nav-groups.ts';

const FOOTER_GROUPS: readonly {
  id: NavGroupId;
  routes: readonly RouteId[];
}[] = [
  { id: 'products', routes: PRODUCT_ROUTES },
  {
    id: 'support',
    routes: [
      'official-verify',
      'unbind-google2fa',
      'contract-detail',
      'margin-parameters',
      'specify-the-path',
    ],
  },
  { id: 'company', routes: ['join-us', 'tax-api', 'welcome', 'index-back'] },
];

export const SiteFooter = ({
  locale,
  siteName,
  compact,
}: {
  locale: Locale;
  siteName: string;
  compact: boolean;
}) => {
  const { t, i18n } = useLingui();
  const headings = {
    products: t`Products`,
    support: t`Support`,
    company: t`Company`,
  };
  const year = 2026;
  return (
    <StaticHtml as="footer" className="site-footer">
      {compact ? null : (
        <nav aria-label={t`Footer`} className="footer-groups">
          {FOOTER_GROUPS.map((group) => (
            <section key={group.id} aria-labelledby={`footer-${group.id}`}>
              <h2 id={`footer-${group.id}`}>{headings[group.id]}</h2>
              <ul>
                {group.routes.map((id) => (
                  <li key={id}>
                    <Link to={routePath(locale, id)}>
                      {i18n._(ROUTE_META[id].nav)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      )}
      <p className="footer-note">
        {t`© ${year} ${siteName}. Digital assets are volatile: trade only what you can afford to lose.`}
      </p>
    </StaticHtml>
  );
};
