import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { ROUTE_META } from '../route-meta.ts';
import type { RouteId } from '../routes.ts';

/** The localized heading and introduction every page opens with. */
export const PageIntro = ({
  routeId,
  keyLabel,
  children,
}: {
  routeId: RouteId;
  keyLabel?: string;
  children?: ReactNode;
}) => {
  const { i18n } = useLingui();
  const meta = ROUTE_META[routeId];
  const values = { key: keyLabel ?? '' };
  return (
    <header className="page-intro">
      <h1>{i18n._({ ...meta.heading, values: values })}</h1>
      <p className="lead">{i18n._({ ...meta.intro, values: values })}</p>
      {children}
    </header>
  );
};
