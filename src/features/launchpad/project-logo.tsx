import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { projectLogoUrl } from '../../lib/server/images.ts';
import type { LaunchpadProject } from './api.ts';
import { STATE_LABELS } from './labels.ts';

/** The project's logo, drawn by the site from the API's logo data; sized so nothing shifts. */
export const ProjectLogo = ({
  project,
  size,
  eager = false,
}: {
  project: Pick<LaunchpadProject, 'name' | 'logo'>;
  size: number;
  eager?: boolean;
}) => {
  const { t } = useLingui();
  const name = project.name;
  return (
    <img
      className="project-logo"
      src={projectLogoUrl(project.logo)}
      alt={t`${name} logo`}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
};

/**
 * A project's head, on its card and on its page: the logo, the state badge, then `children`
 * (the card's linked name, the page's phase line) beside it.
 */
export const ProjectHead = ({
  project,
  className,
  size,
  eager = false,
  children,
}: {
  project: Pick<LaunchpadProject, 'name' | 'logo' | 'state'>;
  className: string;
  size: number;
  eager?: boolean;
  children: ReactNode;
}) => {
  const { i18n } = useLingui();
  return (
    <div className={className}>
      <ProjectLogo project={project} size={size} eager={eager} />
      <div>
        <p className={`badge badge-${project.state}`}>
          {i18n._(STATE_LABELS[project.state])}
        </p>
        {children}
      </div>
    </div>
  );
};
