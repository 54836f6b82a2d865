import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * A wide table's scroll container: a labelled region that keyboard users can focus and
 * scroll (tables stay readable on a phone by scrolling sideways, not by squashing).
 */
export const TableWrap = ({
  label,
  children,
}: {
  label: string;
  children: ReactNode;
}) => {
  const { t } = useLingui();
  return (
    <div
      className="table-wrap"
      role="region"
      aria-label={t`Table: ${label}`}
      tabIndex={0}
    >
      {children}
    </div>
  );
};
