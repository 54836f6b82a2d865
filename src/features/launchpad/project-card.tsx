import { useLingui } from '@lingui/react/macro';

import { Progress } from '../../components/progress.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import {
  formatDateRange,
  formatDecimal,
  formatPercent,
} from '../../lib/format/index.ts';
import { routePath } from '../../routes.ts';
import type { LaunchpadProject } from './api.ts';
import { AmountFact, Fact } from './fact.tsx';
import { oversubscription } from './figures.ts';
import { LaunchCountdown } from './launch-countdown.tsx';
import { ProjectHead } from './project-logo.tsx';

/** The share subscribed, and how many times over once the commitments exceed the allocation. */
export const SubscribedLine = ({
  project,
  intl,
}: {
  project: LaunchpadProject;
  intl: string;
}) => {
  const { t } = useLingui();
  const progress = formatPercent(project.progress, intl);
  const times = oversubscription(
    project.raised,
    project.totalAllocation,
    project.price,
  );
  const over =
    times === undefined
      ? undefined
      : formatDecimal(times, intl, { minDecimals: 2 });
  return (
    <p className="muted small">
      {t`${progress} subscribed`}
      {over === undefined ? null : (
        <>
          {' · '}
          <strong className="oversubscribed">{t`Oversubscribed ×${over}`}</strong>
        </>
      )}
    </p>
  );
};

/** A launch's whole allocation, in its token (the card's and the page's facts). */
export const AllocationFact = ({
  project,
  intl,
}: {
  project: Pick<LaunchpadProject, 'totalAllocation' | 'token'>;
  intl: string;
}) => {
  const { t } = useLingui();
  return (
    <AmountFact
      label={t`Total allocation`}
      value={project.totalAllocation}
      coin={project.token}
      locale={intl}
    />
  );
};

export const ProjectCard = ({
  project,
  locale,
}: {
  project: LaunchpadProject;
  locale: Locale;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const progress = formatPercent(project.progress, intl);
  return (
    <article
      className="card project-card"
      aria-labelledby={`project-${project.id}`}
    >
      <ProjectHead project={project} className="project-card-head" size={48}>
        <h3 id={`project-${project.id}`}>
          <Link to={routePath(locale, 'launchpad-project', project.id)}>
            {project.name} <span className="muted">({project.token})</span>
          </Link>
        </h3>
      </ProjectHead>
      {project.state === 'ongoing' || project.state === 'upcoming' ? (
        <p className="launch-countdown">
          {project.state === 'ongoing' ? t`Closes in` : t`Opens in`}{' '}
          <LaunchCountdown
            to={project.state === 'ongoing' ? project.endAt : project.startAt}
            intl={intl}
          />
        </p>
      ) : null}
      <dl className="facts">
        <AmountFact
          label={t`Price`}
          value={project.price}
          coin="USDT"
          locale={intl}
        />
        <AllocationFact project={project} intl={intl} />
        <Fact label={t`Dates`}>
          {formatDateRange(project.startAt, project.endAt, intl)}
        </Fact>
        {project.state === 'upcoming' ? null : (
          <Fact label={t`Participants`}>
            {formatDecimal(String(project.participants), intl)}
          </Fact>
        )}
      </dl>
      {project.state === 'upcoming' ? null : (
        <>
          <Progress
            ratio={project.progress}
            label={t`Subscription progress of ${project.name}`}
            valueText={progress}
          />
          <SubscribedLine project={project} intl={intl} />
        </>
      )}
    </article>
  );
};
