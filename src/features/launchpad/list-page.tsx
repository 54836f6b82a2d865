import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { Section } from '../../components/section.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import type { PageProps } from '../../lib/page.ts';
import { sectionData } from '../../lib/server/section-data.ts';
import { getLaunchpadProjects, type LaunchpadProject } from './api.ts';
import { ProjectCard } from './project-card.tsx';
import { PastResults } from './results.tsx';

const ProjectSection = ({
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
    <StaticHtml as="section" aria-labelledby={id} className="section">
      <h2 id={id}>{title}</h2>
      <div className="card-grid">
        {projects.map((p) => (
          <ProjectCard key={p.id} project={p} locale={locale} />
        ))}
      </div>
    </StaticHtml>
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
  const past = by('ended');
  return (
    <>
      <ProjectSection
        id="ongoing"
        title={t`Subscribing now`}
        projects={by('ongoing')}
        locale={locale}
      />
      <ProjectSection
        id="upcoming"
        title={t`Coming soon`}
        projects={by('upcoming')}
        locale={locale}
      />
      {past.length === 0 ? null : (
        <section aria-labelledby="ended" className="section">
          <h2 id="ended">{t`Results of past launches`}</h2>
          <PastResults projects={past} locale={locale} />
        </section>
      )}
    </>
  );
};

export default function LaunchpadPage({ locale }: PageProps) {
  // the projects are asked for now; the intro goes out at once and the project lists stream in
  // when the API answers, in a box of their height on a wide screen (1149 px at 1280 px wide),
  // so nothing below moves
  const projects = sectionData(() => getLaunchpadProjects(locale));
  return (
    <>
      <PageIntro routeId="launchpad" />
      <Section minHeight="71.8rem" data={projects}>
        {(projects) => <Sections projects={projects} locale={locale} />}
      </Section>
    </>
  );
}
