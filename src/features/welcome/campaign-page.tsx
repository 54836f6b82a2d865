import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatAmount,
  formatDateRange,
  formatDecimal,
} from '../../lib/format/index.ts';
import { PageStatusError } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { routePath } from '../../routes.ts';
import { lookupCampaign, type Campaign } from './api.ts';
import { CAMPAIGN_NAMES, TASK_LABELS } from './labels.ts';

const CampaignView = ({
  campaign,
  locale,
}: {
  campaign: Campaign;
  locale: Locale;
}) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const name = CAMPAIGN_NAMES[campaign.name];
  const total = formatAmount(campaign.rewardAmount, campaign.rewardCoin, intl);
  return (
    <>
      <PageIntro
        routeId="welcome-campaign"
        keyLabel={name ? i18n._(name) : campaign.name}
      >
        <p className="big-number">{t`Rewards worth up to ${total}`}</p>
        <p className="muted">
          {formatDateRange(campaign.startAt, campaign.endAt, intl)}
        </p>
      </PageIntro>
      <section aria-labelledby="tasks" className="section">
        <h2 id="tasks">{t`Tasks`}</h2>
        <ol className="task-list">
          {campaign.tasks.map((task) => {
            const label = TASK_LABELS[task.code];
            const reward = formatAmount(task.reward, task.coin, intl);
            return (
              <li key={task.code} className="card task">
                <span>
                  {label
                    ? i18n._({
                        ...label,
                        values: {
                          target: formatDecimal(task.target, intl),
                          coin: task.coin,
                        },
                      })
                    : task.code}
                </span>
                <strong>{t`Reward: ${reward}`}</strong>
              </li>
            );
          })}
        </ol>
        <p className="muted small">{t`Rewards are credited to your funding account within 24 hours of completing a task.`}</p>
      </section>
      <p>
        <Link
          to={routePath(locale, 'welcome')}
        >{t`All welcome campaigns`}</Link>
      </p>
    </>
  );
};

export default async function CampaignPage({ locale, routeKey }: PageProps) {
  const campaign = await lookupCampaign(routeKey ?? '', locale);
  if (!campaign) throw new PageStatusError(404, 'Not Found');
  return <CampaignView campaign={campaign} locale={locale} />;
}
