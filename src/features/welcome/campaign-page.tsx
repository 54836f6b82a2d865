import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import {
  formatAmount,
  formatDateRange,
  formatDecimal,
} from '../../lib/format/index.ts';
import { keyedRoute } from '../../lib/keyed-route.ts';
import { lastChange } from '../../lib/last-modified.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { essential, PageStatusError } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { routePath } from '../../routes.ts';
import { getCampaign, getCampaigns, type Campaign } from './api.ts';
import { CAMPAIGN_NAMES, TASK_LABELS } from './labels.ts';

const lookup = (key: string, locale: Locale) =>
  essential(() => getCampaign(key, locale));

export const { validate, keyLabel } = keyedRoute(lookup, CAMPAIGN_NAMES);

/** Every campaign the list names: any other name is a 404. */
export const knownKeys = async (locale: Locale): Promise<readonly string[]> =>
  (await getCampaigns(locale)).map((c) => c.name);

export const sitemapKeys = async (): Promise<readonly string[]> =>
  (await getCampaigns('en')).map((c) => c.name);

/** The sitemap's <lastmod>: the campaign's start or end, whichever has passed last. */
export const sitemapLastmod = async (
  key?: string,
): Promise<string | undefined> => {
  const campaign = (await getCampaigns('en')).find((c) => c.name === key);
  return campaign ? lastChange([campaign.startAt, campaign.endAt]) : undefined;
};

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
  const campaign = await lookup(routeKey ?? '', locale);
  if (!campaign) throw new PageStatusError(404, 'Not Found');
  return <CampaignView campaign={campaign} locale={locale} />;
}
