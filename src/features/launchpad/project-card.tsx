import { useLingui } from '@lingui/react/macro';

import { Progress } from '../../components/progress.tsx';
import { SiteLink as Link } from '../../components/site-link.tsx';
import {
  formatDateRange,
  formatDecimal,
  formatPercent,
} from '../../lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { routePath } from '../../routes.ts';
import type { LaunchpadProject } from './api.ts';
import { STATE_LABELS } from './labels.ts';

export const ProjectCard = ({
  project,
  locale,
}: {
  project: LaunchpadProject;
  locale: Locale;
}) => {
  const { t, i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const progress = formatPercent(project.progress, intl);
  return (
    <article
      className="card project-card"
      aria-labelledby={`project-${project.id}`}
    >
      <p className={`badge badge-${project.state}`}>
        {i18n._(STATE_LABELS[project.state])}
      </p>
      <h3 id={`project-${project.id}`}>
        <Link to={routePath(locale, 'launchpad-project', project.id)}>
          {project.name} <span className="muted">({project.token})</span>
        </Link>
      </h3>
      <dl className="facts">
        <div>
          <dt>{t`Price`}</dt>
          <dd>{`${formatDecimal(project.price, intl)} USDT`}</dd>
        </div>
        <div>
          <dt>{t`Total allocation`}</dt>
          <dd>{`${formatDecimal(project.totalAllocation, intl)} ${project.token}`}</dd>
        </div>
        <div>
          <dt>{t`Dates`}</dt>
          <dd>{formatDateRange(project.startAt, project.endAt, intl)}</dd>
        </div>
        {project.state === 'upcoming' ? null : (
          <div>
            <dt>{t`Participants`}</dt>
            <dd>{formatDecimal(String(project.participants), intl)}</dd>
          </div>
        )}
      </dl>
      {project.state === 'upcoming' ? null : (
        <>
          <Progress
            ratio={project.progress}
            label={t`Subscription progress of ${project.name}`}
            valueText={progress}
          />
          <p className="muted small">{t`${progress} subscribed`}</p>
        </>
      )}
    </article>
  );
};
