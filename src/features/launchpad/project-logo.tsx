import { useLingui } from '@lingui/react/macro';

import { projectLogoUrl } from '../../lib/server/images.ts';
import type { LaunchpadProject } from './api.ts';

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
