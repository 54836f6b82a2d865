import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { StaticHtml } from './static-html.tsx';

/**
 * A wide table's scroll container: a labelled region that keyboard users can focus and
 * scroll (tables stay readable on a phone by scrolling sideways, not by squashing).
 * `serverOnly`: the table has no client component inside, so it is sent as server HTML
 * (`StaticHtml`, decision 0008) — long tables cost one element instead of hundreds.
 */
export const TableWrap = ({
  label,
  serverOnly = false,
  children,
}: {
  label: string;
  serverOnly?: boolean;
  children: ReactNode;
}) => {
  const { t } = useLingui();
  const region = {
    className: 'table-wrap',
    role: 'region',
    'aria-label': t`Table: ${label}`,
    tabIndex: 0,
  };
  return serverOnly ? (
    <StaticHtml as="div" {...region}>
      {children}
    </StaticHtml>
  ) : (
    <div {...region}>{children}</div>
  );
};
