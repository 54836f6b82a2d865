import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatAmount, formatDateRange } from '../../lib/format/index.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { routePath } from '../../routes.ts';
import { getCampaigns, type CampaignSummary } from './api.ts';
import { CAMPAIGN_NAMES } from './labels.ts';

const CampaignCards = ({
  campaigns,
  locale,
}: {
  campaigns: CampaignSummary[];
  locale: Locale;
}) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  return (
    <div className="card-grid">
      {campaigns.map((c) => {
        const name = CAMPAIGN_NAMES[c.name];
        const reward = formatAmount(c.rewardAmount, c.rewardCoin, intl);
        return (
          <article
            key={c.name}
            className="card"
            aria-labelledby={`campaign-${c.name}`}
          >
            <h2 id={`campaign-${c.name}`}>{name ? i18n._(name) : c.name}</h2>
            <p className="big-number">{t`Up to ${reward}`}</p>
            <p className="muted">{formatDateRange(c.startAt, c.endAt, intl)}</p>
            <Link
              className="button button-primary"
              to={routePath(locale, 'welcome-campaign', c.name)}
            >
              {t`See the tasks`}
            </Link>
          </article>
        );
      })}
    </div>
  );
};

export default async function WelcomePage({ locale }: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const campaigns = await essential(() => getCampaigns(locale));
  return (
    <>
      <PageIntro routeId="welcome" />
      <CampaignCards campaigns={campaigns} locale={locale} />
    </>
  );
}
