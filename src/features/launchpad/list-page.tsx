import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import { lastChange } from '../../lib/last-modified.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getLaunchpadProjects, type LaunchpadProject } from './api.ts';
import { ProjectCard } from './project-card.tsx';
import { PastResults } from './results.tsx';

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
      {past.length === 0 ? null : (
        <section aria-labelledby="ended" className="section">
          <h2 id="ended">{t`Results of past launches`}</h2>
          <PastResults projects={past} locale={locale} />
        </section>
      )}
    </>
  );
};

/** The sitemap's <lastmod>: the latest project start or end that has passed. */
export const sitemapLastmod = async (): Promise<string | undefined> =>
  lastChange(
    (await getLaunchpadProjects('en')).flatMap((p) => [p.startAt, p.endAt]),
  );

export default async function LaunchpadPage({ locale }: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const projects = await essential(() => getLaunchpadProjects(locale));
  return (
    <>
      <PageIntro routeId="launchpad" />
      <Sections projects={projects} locale={locale} />
    </>
  );
}
