import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { load } from '../../lib/http/index.ts';
import { PageStatusError, RETRY_AFTER_SECONDS } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getLaunchpadProjects, type LaunchpadProject } from './api.ts';
import { ProjectCard } from './project-card.tsx';

const Section = ({
  id,
  title,
  projects,
  locale,
}: {
  id: string;
  title: string;
  projects: LaunchpadProject[];
  locale: PageProps['locale'];
}) =>
  projects.length === 0 ? null : (
    <section aria-labelledby={id} className="section">
      <h2 id={id}>{title}</h2>
      <div className="card-grid">
        {projects.map((p) => (
          <ProjectCard key={p.id} project={p} locale={locale} />
        ))}
      </div>
    </section>
  );

const Sections = ({
  projects,
  locale,
}: {
  projects: LaunchpadProject[];
  locale: PageProps['locale'];
}) => {
  const { t } = useLingui();
  const by = (state: LaunchpadProject['state']) =>
    projects.filter((p) => p.state === state);
  return (
    <>
      <Section
        id="ongoing"
        title={t`Subscribing now`}
        projects={by('ongoing')}
        locale={locale}
      />
      <Section
        id="upcoming"
        title={t`Coming soon`}
        projects={by('upcoming')}
        locale={locale}
      />
      <Section
        id="ended"
        title={t`Past launches`}
        projects={by('ended')}
        locale={locale}
      />
    </>
  );
};

export default async function LaunchpadPage({ locale }: PageProps) {
  const projects = await load(() => getLaunchpadProjects(locale), []);
  // the list is the page: without it, say so with 503 + Retry-After rather than a blank 200
  if (projects.state === 'error')
    throw new PageStatusError(503, 'Service Unavailable', RETRY_AFTER_SECONDS);
  return (
    <>
      <PageIntro routeId="launchpad" />
      <Sections projects={projects.data} locale={locale} />
    </>
  );
}
