import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { COPY_ISLAND } from '../../components/copy-island.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { getMarketSnapshot } from '../../components/markets/api.ts';
import type { MarketSnapshot } from '../../components/markets/schema.ts';
import { LiveMarketsSection } from '../../components/markets/section.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { SocialIcon } from '../../components/social-icon.tsx';
import {
  marketSiteUrl,
  SOCIAL_CHANNEL_NAMES,
  SOCIAL_CHANNELS,
  type HostSet,
} from '../../lib/config/index.ts';
import type { Locale } from '../../lib/locales.ts';
import type { PageProps } from '../../lib/page.ts';
import { requestHosts } from '../../lib/server/hosts.ts';
import {
  sectionData,
  type SectionData,
} from '../../lib/server/section-data.ts';
import { headingOf, ROUTE_META } from '../../route-meta.ts';
import { routePath, type RouteId } from '../../routes.ts';
import { HeroArt } from './hero-art.tsx';
import { StoreBadge } from './store-badge.tsx';

const ENTRY_CARDS: { id: RouteId; blurb: ReturnType<typeof msg> }[] = [
  {
    id: 'launchpad',
    blurb: msg`Subscribe to vetted token launches before they list.`,
  },
  {
    id: 'savings',
    blurb: msg`Earn daily interest on USDT, BTC, ETH, EOS and XRP.`,
  },
  {
    id: 'fee-discount',
    blurb: msg`Trade more, hold more, pay less: see every VIP tier.`,
  },
  {
    id: 'competition',
    blurb: msg`Join the ZCC Trading Competition and climb the leaderboard.`,
  },
  {
    id: 'red-envelopes',
    blurb: msg`Open a red envelope a friend sent you and receive crypto.`,
  },
];

const Home = ({
  locale,
  hosts,
  markets,
}: {
  locale: Locale;
  hosts: HostSet;
  markets: Promise<SectionData<MarketSnapshot>>;
}) => {
  const { t, i18n } = useLingui();
  const meta = ROUTE_META.home;
  const downloads = hosts.cdn.downloads;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-copy">
          <h1 id="hero-title">{i18n._(headingOf(meta))}</h1>
          <p className="lead">{i18n._(meta.intro)}</p>
          <p className="hero-actions">
            <ExternalLink
              className="button button-primary"
              href={marketSiteUrl(hosts, locale)}
              track="banner:home-trade"
            >
              {t`Trade now`}
            </ExternalLink>
            {(
              [
                ['launchpad', 'button', t`Explore Launchpad`],
                ['savings', 'button', t`Start earning`],
              ] as const
            ).map(([route, className, label]) => (
              <Link
                key={route}
                className={className}
                to={routePath(locale, route)}
                data-track={`banner:home-${route}`}
              >
                {label}
              </Link>
            ))}
          </p>
        </div>
        <HeroArt />
      </section>
      <section className="section" aria-labelledby="markets">
        <h2 id="markets">{t`Market highlights`}</h2>
        <LiveMarketsSection locale={locale} data={markets} />
      </section>
      <section className="section" aria-labelledby="products">
        <h2 id="products">{t`Get more from your crypto`}</h2>
        <div className="card-grid">
          {ENTRY_CARDS.map((card) => (
            <article key={card.id} className="card">
              <h3>
                <Link to={routePath(locale, card.id)}>
                  {i18n._(ROUTE_META[card.id].nav)}
                </Link>
              </h3>
              <p className="muted">{i18n._(card.blurb)}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section card app-download" aria-labelledby="app">
        <h2 id="app">{t`Trade anywhere with our app`}</h2>
        <p className="muted">{t`Real-time prices, instant transfers and price alerts on iOS and Android.`}</p>
        <p className="hero-actions">
          <StoreBadge
            href={`${downloads}/app/ios`}
            store="ios"
            lead={t`Download on the`}
            track="button:download-ios"
          />
          <StoreBadge
            href={`${downloads}/app/android`}
            store="android"
            lead={t`Get it on`}
            track="button:download-android"
          />
        </p>
      </section>
      <section className="section" aria-labelledby="community">
        <h2 id="community">{t`Join our community`}</h2>
        <ul className="social-list">
          {SOCIAL_CHANNELS.map((id) => {
            const href = hosts.social[id];
            const name = SOCIAL_CHANNEL_NAMES[id];
            return (
              <li key={id} className="card social">
                <a
                  className="social-name"
                  href={href}
                  rel="noopener noreferrer"
                >
                  <SocialIcon channel={id} size={24} className="social-icon" />
                  {name}
                </a>
                <span className="muted small mono">
                  {href.replace(/^https:\/\/(?:www\.)?/, '')}
                </span>
                <CopyStatic value={href} label={t`Copy the ${name} link`} />
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
};

/**
 * A Copy button as the server draws it: disabled (it cannot copy without JavaScript; the value
 * is on the page) until the widgets put the live one in its place (`COPY_ISLAND`).
 */
const CopyStatic = ({ value, label }: { value: string; label: string }) => {
  const { t } = useLingui();
  return (
    <div className="copy-island" {...COPY_ISLAND.mark({ value, label })}>
      <button
        type="button"
        className="button button-small copy-static"
        aria-label={label}
        disabled
      >
        <span>{t`Copy`}</span>
      </button>
    </div>
  );
};

export default function HomePage({ locale }: PageProps) {
  // the market snapshot is asked for now, while the rest renders (decision 0030)
  const markets = sectionData(() => getMarketSnapshot(locale));
  return <Home locale={locale} hosts={requestHosts()} markets={markets} />;
}
