import { useLingui } from '@lingui/react/macro';

import { ColumnHeaders } from '../../components/column-headers.tsx';
import { shownBetween } from '../../components/countdown/attributes.ts';
import { FaqList } from '../../components/faq.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { Progress } from '../../components/progress.tsx';
import { RuleList } from '../../components/rule-list.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import { SubscribeButton } from '../../components/subscribe-button.client.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { Timeline } from '../../components/timeline.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { isCoin } from '../../lib/config/index.ts';
import {
  formatAmount,
  formatDateTime,
  formatDecimal,
  formatPercent,
  requestTime,
} from '../../lib/format/index.ts';
import { PageStatusError } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { routePath } from '../../routes.ts';
import { lookupProject, type LaunchpadDetail } from './api.ts';
import { AmountFact, Fact } from './fact.tsx';
import {
  FAQ_LABELS,
  LAUNCH_PHASE_LABELS,
  MILESTONE_LABELS,
  PHASE_LABELS,
  RULE_LABELS,
  SECTOR_LABELS,
  TIER_LABELS,
} from './labels.ts';
import { launchClock } from './launch-clock.ts';
import { LaunchCountdown } from './launch-countdown.tsx';
import { MINE_ISLAND, TOTAL_ATTRIBUTE } from './mine-api.ts';
import { AllocationFact, SubscribedLine } from './project-card.tsx';
import { ProjectHead } from './project-logo.tsx';
import { PriceAgainstSale } from './results.tsx';

/** What the page's parts render from: the project, the reader's locale and the request's time. */
type ViewProps = { project: LaunchpadDetail; intl: string; now: number };

const Schedule = ({ project, intl, now }: ViewProps) => {
  const { t } = useLingui();
  return (
    <Timeline
      now={now}
      currentMark={<span className="badge badge-ongoing">{t`Now`}</span>}
      phases={project.timeline}
      labels={PHASE_LABELS}
      when={(step) => (
        <>
          {formatDateTime(step.startAt, intl)} –{' '}
          {formatDateTime(step.endAt, intl)}
        </>
      )}
    />
  );
};

export default async function LaunchpadProjectPage({
  locale,
  routeKey,
}: PageProps) {
  const result = await lookupProject(routeKey ?? '', locale);
  if (!result.found) throw new PageStatusError(result.status, 'Not available');
  return <ProjectView project={result.project} locale={locale} />;
}

/** The launch's phase in words and the countdown to its next milestone. */
/**
 * The launch's phase and the time left to its next milestone. The server writes the line as of
 * now and, hidden, the line as of each milestone still ahead; the widgets' ticker shows each in
 * turn when its moment comes, so an open page moves from "subscribing" to "calculating
 * allocations" without a reload.
 */
const PhaseLine = ({ project, intl, now }: ViewProps) => {
  const { i18n } = useLingui();
  const clock = launchClock(project.timeline, project.listingAt, now);
  if (!clock) return null;
  const moments = [
    now,
    ...new Set(clock.milestones.map((m) => m.at).filter((at) => at > now)),
  ];
  return moments.map((moment, i) => {
    const asOf = launchClock(project.timeline, project.listingAt, moment);
    if (!asOf) return null;
    return (
      <p
        key={moment}
        className="launch-phase"
        {...shownBetween(i === 0 ? undefined : moment, moments[i + 1], now)}
      >
        <strong>{i18n._(LAUNCH_PHASE_LABELS[asOf.phase])}</strong>
        {asOf.next ? (
          <>
            {' · '}
            {i18n._(MILESTONE_LABELS[asOf.next.milestone])}{' '}
            <LaunchCountdown
              to={new Date(asOf.next.at).toISOString()}
              intl={intl}
            />
          </>
        ) : null}
      </p>
    );
  });
};

/** Subscription start and end, distribution and listing: the date, and the time left while ahead. */
const KeyDates = ({ project, intl, now }: ViewProps) => {
  const { i18n } = useLingui();
  const clock = launchClock(project.timeline, project.listingAt, now);
  if (!clock) return null;
  return (
    <dl className="facts launch-dates">
      {clock.milestones.map((m) => {
        const at = new Date(m.at).toISOString();
        return (
          <div key={m.milestone}>
            <dt>{i18n._(MILESTONE_LABELS[m.milestone])}</dt>
            <dd>
              <time dateTime={at}>{formatDateTime(at, intl)}</time>
              {m.at > now ? (
                <>
                  <br />
                  <LaunchCountdown to={at} intl={intl} />
                </>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
};

/** The project's social channels, named by their brand (not translated). */
const SOCIAL = [
  { id: 'x', name: 'X' },
  { id: 'telegram', name: 'Telegram' },
] as const;

/** What the project builds, its supply, listing pair and its own links (opened without a referrer). */
const TokenDetails = ({
  project,
  intl,
}: {
  project: LaunchpadDetail;
  intl: string;
}) => {
  const { t, i18n } = useLingui();
  const sector = SECTOR_LABELS[project.sector];
  // the API's addresses are http(s) or undefined (api.ts): a missing one is left out
  const link = (href: string | undefined, text: string) =>
    href ? (
      <li>
        <a href={href} rel="noopener noreferrer" target="_blank">
          {text}
        </a>
      </li>
    ) : null;
  const socials = SOCIAL.flatMap(({ id, name }) => {
    const href = project.links[id];
    return href ? [{ id, name, href }] : [];
  });
  return (
    <>
      {sector ? <p>{i18n._(sector(project.name))}</p> : null}
      <dl className="facts">
        <AmountFact
          label={t`Total supply`}
          value={project.totalSupply}
          coin={project.token}
          locale={intl}
        />
        <Fact label={t`Launchpad share of supply`}>
          {formatPercent(project.supplyShare, intl, 0)}
        </Fact>
        <Fact label={t`Listing pair`}>{project.listingPair}</Fact>
        <Fact label={t`Accepted coin`}>{project.acceptedCoin}</Fact>
      </dl>
      <ul className="launch-links">
        {link(project.website, t`Website`)}
        {link(project.links.whitepaper, t`Whitepaper`)}
        {link(project.links.explorer, t`Block explorer`)}
        {socials.map(({ id, name, href }) => (
          <li key={id}>
            <a href={href} rel="noopener noreferrer" target="_blank">
              <img
                src={`/icons/simple-icons/${id}.svg`}
                alt=""
                width={16}
                height={16}
                loading="lazy"
                className="launch-link-icon"
              />
              {name}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
};

/** Questions traders ask before a launch, each answer behind its question (native disclosure). */
const Faq = ({ project }: { project: LaunchpadDetail }) => {
  const { i18n } = useLingui();
  const items = project.faq.flatMap((key) => {
    const entry = FAQ_LABELS[key];
    return entry
      ? [[i18n._(entry.question), i18n._(entry.answer)] as const]
      : [];
  });
  return <FaqList items={items} />;
};

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
        <ProjectHead project={project} className="launch-head" size={64} eager>
          <PhaseLine project={project} intl={intl} now={now} />
        </ProjectHead>
      </PageIntro>
      <div className="detail-grid">
        <section className="card" aria-labelledby="facts">
          <h2 id="facts">{t`Key facts`}</h2>
          <StaticHtml as="dl" className="facts">
            <AmountFact
              label={t`Token price`}
              value={project.price}
              coin={project.acceptedCoin}
              locale={intl}
            />
            <AllocationFact project={project} intl={intl} />
            <Fact label={t`Committed so far`}>
              <span className="num" {...{ [TOTAL_ATTRIBUTE]: 'raised' }}>
                {formatAmount(project.raised, project.acceptedCoin, intl, {
                  maxDecimals: 2,
                })}
              </span>
            </Fact>
            <Fact label={t`Participants`}>
              <span {...{ [TOTAL_ATTRIBUTE]: 'participants' }}>
                {formatDecimal(String(project.participants), intl)}
              </span>
            </Fact>
            <Fact
              label={t`Subscription limits`}
            >{`${formatDecimal(project.minSubscription, intl)} – ${formatDecimal(project.maxSubscription, intl)} ${project.acceptedCoin}`}</Fact>
            {project.results
              ? (
                  [
                    [t`Listing price`, project.results.listingPrice],
                    [t`Price now`, project.results.lastPrice],
                  ] as const
                ).map(([label, price]) => (
                  <Fact key={label} label={label}>
                    <PriceAgainstSale
                      price={price}
                      salePrice={project.price}
                      coin={project.acceptedCoin}
                      intl={intl}
                    />
                  </Fact>
                ))
              : null}
          </StaticHtml>
          <Progress
            ratio={project.progress}
            label={t`Subscription progress`}
            valueText={progress}
          />
          <SubscribedLine project={project} intl={intl} />
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
        <StaticHtml as="section" className="card" aria-labelledby="key-dates">
          <h2 id="key-dates">{t`Key dates`}</h2>
          <KeyDates project={project} intl={intl} now={now} />
        </StaticHtml>
      </div>
      <div
        className="launch-mine-slot"
        {...MINE_ISLAND.mark({
          id: project.id,
          token: project.token,
          coin: project.acceptedCoin,
          locale: intl,
        })}
      />
      <div className="detail-grid">
        <StaticHtml as="section" className="card" aria-labelledby="token">
          <h2 id="token">{t`Token details`}</h2>
          <TokenDetails project={project} intl={intl} />
        </StaticHtml>
        <StaticHtml as="section" className="card" aria-labelledby="timeline">
          <h2 id="timeline">{t`Timeline`}</h2>
          <Schedule project={project} intl={intl} now={now} />
        </StaticHtml>
      </div>
      <StaticHtml as="section" className="section" aria-labelledby="allocation">
        <h2 id="allocation">{t`Allocation by tier`}</h2>
        <TableWrap label={t`Allocation by tier`}>
          <table>
            <ColumnHeaders
              columns={[
                // lingui-set comment="Column header (a narrow place): at most 28 characters"
                t`Tier`,
                t`Share of the allocation`,
                t`Maximum commitment`,
                // lingui-reset
              ]}
            />
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
        <RuleList ids={project.rules} labels={RULE_LABELS} />
      </StaticHtml>
      <StaticHtml as="section" className="section" aria-labelledby="faq">
        <h2 id="faq">{t`Frequently asked questions`}</h2>
        <Faq project={project} />
      </StaticHtml>
      <StaticHtml as="p">
        <Link to={routePath(locale, 'launchpad')}>{t`All launches`}</Link>
      </StaticHtml>
    </>
  );
};
