import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { headingOf, ROUTE_META } from '../route-meta.ts';
import type { RouteId } from '../routes.ts';
import { StaticHtml } from './static-html.tsx';

/**
 * The localized heading and introduction every page opens with. `children` (a badge, a figure)
 * are server-only: the intro is sent as server HTML (`StaticHtml`). An `action` may hold a
 * client component; with one, the intro is a React tree as usual.
 */
export const PageIntro = ({
  routeId,
  keyLabel,
  children,
  action,
}: {
  routeId: RouteId;
  keyLabel?: string;
  children?: ReactNode;
  action?: ReactNode;
}) => {
  const { i18n } = useLingui();
  const meta = ROUTE_META[routeId];
  const values = { key: keyLabel ?? '' };
  const content = (
    <>
      <h1>{i18n._({ ...headingOf(meta), values: values })}</h1>
      <p className="lead">{i18n._({ ...meta.intro, values: values })}</p>
      {children}
    </>
  );
  return action === undefined ? (
    <StaticHtml as="header" className="page-intro">
      {content}
    </StaticHtml>
  ) : (
    <header className="page-intro">
      {content}
      {action}
    </header>
  );
};
