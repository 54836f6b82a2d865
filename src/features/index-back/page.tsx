import { useLingui } from '@lingui/react/macro';

import { getMarketSnapshot } from '../../components/markets/api.ts';
import type { MarketSnapshot } from '../../components/markets/schema.ts';
import { LiveMarketsSection } from '../../components/markets/section.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import type { Locale } from '../../lib/locales.ts';
import type { PageProps } from '../../lib/page.ts';
import {
  sectionData,
  type SectionData,
} from '../../lib/server/section-data.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { placedRoutes, routePath } from '../../routes.ts';

/** Every page of the header's menus, in their order (as each route.ts places it). */
const SHORTCUTS = placedRoutes('header').flatMap((group) => group.routes);

/**
 * "Index back": where people land when they come back (the app's back-to-site link, an
 * expired session, a finished flow). It is a hub, not a page to index: the shortcuts to every
 * area and a market snapshot, so the next step is one click away.
 */
const Shortcuts = ({ locale }: { locale: Locale }) => {
  const { i18n } = useLingui();
  return (
    <ul className="shortcut-list">
      {SHORTCUTS.map((id) => (
        <li key={id}>
          <Link className="card shortcut" to={routePath(locale, id)}>
            <strong>{i18n._(ROUTE_META[id].nav)}</strong>
            <span className="muted small">{i18n._(ROUTE_META[id].intro)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
};

const Hub = ({
  locale,
  markets,
}: {
  locale: Locale;
  markets: Promise<SectionData<MarketSnapshot>>;
}) => {
  const { t } = useLingui();
  return (
    <>
      <section className="section" aria-labelledby="shortcuts">
        <h2 id="shortcuts">{t`Your shortcuts`}</h2>
        <Shortcuts locale={locale} />
      </section>
      <section className="section" aria-labelledby="markets">
        <h2 id="markets">{t`Markets right now`}</h2>
        <LiveMarketsSection locale={locale} data={markets} />
      </section>
    </>
  );
};

export default function IndexBackPage({ locale }: PageProps) {
  // the market snapshot is asked for now, while the rest renders (decision 0030)
  const markets = sectionData(() => getMarketSnapshot(locale));
  return (
    <>
      <PageIntro routeId="index-back" />
      <Hub locale={locale} markets={markets} />
    </>
  );
}
