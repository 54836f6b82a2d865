import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { Progress } from '../../components/progress.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { isCoin } from '../../lib/config/index.ts';
import {
  formatDateTime,
  formatDecimal,
  formatPercent,
  requestTime,
} from '../../lib/format/index.ts';
import { lastChange } from '../../lib/last-modified.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { essential, PageStatusError } from '../../lib/page-status.ts';
import type {
  PageProps,
  StructuredDataContext,
  ValidateResult,
} from '../../lib/page.ts';
import { phasedEvent, type JsonLd } from '../../lib/structured-data.ts';
import { routePath } from '../../routes.ts';
import { SubscribeButton } from '../../shell/subscribe-button.client.tsx';
import {
  getLaunchpadProject,
  getLaunchpadProjects,
  type LaunchpadDetail,
} from './api.ts';
import {
  PHASE_LABELS,
  RULE_LABELS,
  STATE_LABELS,
  TIER_LABELS,
} from './labels.ts';

const lookup = (key: string, locale: Locale) =>
  essential(() => getLaunchpadProject(key, locale));

/** Spec §2 validate step: unknown id → 404, a delisted project → 410 Gone. */
export const validate = async (
  key: string,
  locale: Locale,
): Promise<ValidateResult> => {
  const result = await lookup(key, locale);
  if (result.found) return true;
  return result.status === 410
    ? { statusCode: 410, statusMessage: 'Gone' }
    : { statusCode: 404, statusMessage: 'Not Found' };
};

export const keyLabel = async (
  key: string,
  locale: Locale,
): Promise<string> => {
  const result = await lookup(key, locale);
  return result.found
    ? `${result.project.name} (${result.project.token})`
    : key;
};

/** Every project the list names, delisted ones (410) included: any other id is a 404. */
export const knownKeys = async (locale: Locale): Promise<readonly string[]> =>
  (await getLaunchpadProjects(locale)).map((p) => p.id);

export const sitemapKeys = async (): Promise<readonly string[]> =>
  (await getLaunchpadProjects('en'))
    .filter((p) => p.state !== 'delisted')
    .map((p) => p.id);

/** The sitemap's <lastmod>: the project's start or end, whichever has passed last. */
export const sitemapLastmod = async (
  key?: string,
): Promise<string | undefined> => {
  const project = (await getLaunchpadProjects('en')).find((p) => p.id === key);
  return project ? lastChange([project.startAt, project.endAt]) : undefined;
};

const FIGURE_LABELS = {
  price: msg`Token price`,
  raised: msg`Committed so far`,
  participants: msg`Participants`,
};

/** The share image's figures: what the key facts card shows first. */
export const shareFigures = async ({
  locale,
  routeKey,
  i18n,
}: {
  locale: Locale;
  routeKey?: string | undefined;
  i18n: I18n;
}): Promise<readonly (readonly [string, string])[]> => {
  const result = await lookup(routeKey ?? '', locale);
  if (!result.found) return [];
  const p = result.project;
  const intl = getLocaleEntry(locale).intl;
  return [
    [
      i18n._(FIGURE_LABELS.price),
      `${formatDecimal(p.price, intl)} ${p.acceptedCoin}`,
    ],
    [
      i18n._(FIGURE_LABELS.raised),
      `${formatDecimal(p.raised, intl, { maxDecimals: 2 })} ${p.acceptedCoin}`,
    ],
    [
      i18n._(FIGURE_LABELS.participants),
      formatDecimal(String(p.participants), intl),
    ],
  ];
};

/** The token launch as an Event with one sub-event per phase of its timeline. */
export const structuredData = async ({
  locale,
  routeKey,
  i18n,
  origin,
  url,
  heading,
  description,
}: StructuredDataContext): Promise<readonly JsonLd[]> => {
  const result = await lookup(routeKey ?? '', locale);
  if (!result.found) return [];
  const event = phasedEvent({
    origin,
    name: heading,
    description,
    url,
    inLanguage: getLocaleEntry(locale).hreflang,
    phases: result.project.timeline.map((step) => {
      const label = PHASE_LABELS[step.phase];
      return { ...step, name: label ? i18n._(label) : step.phase };
    }),
  });
  return event ? [event] : [];
};

const Timeline = ({
  project,
  intl,
  now,
}: {
  project: LaunchpadDetail;
  intl: string;
  now: number;
}) => {
  const { t, i18n } = useLingui();
  return (
    <ol className="timeline">
      {project.timeline.map((step) => {
        const state =
          Date.parse(step.endAt) < now
            ? 'done'
            : Date.parse(step.startAt) <= now
              ? 'current'
              : 'next';
        const label = PHASE_LABELS[step.phase];
        return (
          <li
            key={step.phase}
            className={`timeline-step timeline-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <strong>{label ? i18n._(label) : step.phase}</strong>
            <span className="muted small">
              {formatDateTime(step.startAt, intl)} –{' '}
              {formatDateTime(step.endAt, intl)}
            </span>
            {state === 'current' ? (
              <span className="badge badge-ongoing">{t`Now`}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};

export default async function LaunchpadProjectPage({
  locale,
  routeKey,
}: PageProps) {
  const result = await lookup(routeKey ?? '', locale);
  if (!result.found) throw new PageStatusError(result.status, 'Not available');
  return <ProjectView project={result.project} locale={locale} />;
}

const ProjectView = ({
  project,
  locale,
}: {
  project: LaunchpadDetail;
  locale: Locale;
}) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const progress = formatPercent(project.progress, intl);
  const now = requestTime();
  return (
    <>
      <PageIntro
        routeId="launchpad-project"
        keyLabel={`${project.name} (${project.token})`}
      >
        <p className={`badge badge-${project.state}`}>
          {i18n._(STATE_LABELS[project.state])}
        </p>
      </PageIntro>
      <div className="detail-grid">
        <section className="card" aria-labelledby="facts">
          <h2 id="facts">{t`Key facts`}</h2>
          <StaticHtml as="dl" className="facts">
            <div>
              <dt>{t`Token price`}</dt>
              <dd>{`${formatDecimal(project.price, intl)} ${project.acceptedCoin}`}</dd>
            </div>
            <div>
              <dt>{t`Total allocation`}</dt>
              <dd>{`${formatDecimal(project.totalAllocation, intl)} ${project.token}`}</dd>
            </div>
            <div>
              <dt>{t`Committed so far`}</dt>
              <dd>{`${formatDecimal(project.raised, intl, { maxDecimals: 2 })} ${project.acceptedCoin}`}</dd>
            </div>
            <div>
              <dt>{t`Participants`}</dt>
              <dd>{formatDecimal(String(project.participants), intl)}</dd>
            </div>
            <div>
              <dt>{t`Subscription limits`}</dt>
              <dd>{`${formatDecimal(project.minSubscription, intl)} – ${formatDecimal(project.maxSubscription, intl)} ${project.acceptedCoin}`}</dd>
            </div>
          </StaticHtml>
          <Progress
            ratio={project.progress}
            label={t`Subscription progress`}
            valueText={progress}
          />
          <p className="muted small">{t`${progress} of the allocation subscribed`}</p>
          {project.state === 'ongoing' && isCoin(project.acceptedCoin) ? (
            <SubscribeButton
              order={{
                kind: 'launchpad',
                target: project.id,
                name: project.name,
                coin: project.acceptedCoin,
                account: 'ACCOUNT_TYPE_SPOT',
                min: project.minSubscription,
                max: project.maxSubscription,
              }}
            />
          ) : null}
        </section>
        <StaticHtml as="section" className="card" aria-labelledby="timeline">
          <h2 id="timeline">{t`Timeline`}</h2>
          <Timeline project={project} intl={intl} now={now} />
        </StaticHtml>
      </div>
      <StaticHtml as="section" className="section" aria-labelledby="allocation">
        <h2 id="allocation">{t`Allocation by tier`}</h2>
        <TableWrap label={t`Allocation by tier`}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Tier`}</th>
                <th scope="col">{t`Share of the allocation`}</th>
                <th scope="col">{t`Maximum commitment`}</th>
              </tr>
            </thead>
            <tbody>
              {project.tiers.map((tier) => {
                const label = TIER_LABELS[tier.tier];
                return (
                  <tr key={tier.tier}>
                    <th scope="row">{label ? i18n._(label) : tier.tier}</th>
                    <td>{formatPercent(tier.allocation, intl, 0)}</td>
                    <td>{`${formatDecimal(tier.maxSubscription, intl)} ${project.acceptedCoin}`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      </StaticHtml>
      <StaticHtml as="section" className="section" aria-labelledby="rules">
        <h2 id="rules">{t`Rules`}</h2>
        <ul className="rules">
          {project.rules.map((rule) => {
            const label = RULE_LABELS[rule];
            return label ? <li key={rule}>{i18n._(label)}</li> : null;
          })}
        </ul>
      </StaticHtml>
      <StaticHtml as="p">
        <Link to={routePath(locale, 'launchpad')}>{t`All launches`}</Link>
      </StaticHtml>
    </>
  );
};
