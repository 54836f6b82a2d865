import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * A search/filter form whose state lives in the URL (a GET form): it works before hydration,
 * without JavaScript, and a filtered view can be shared as a link.
 */
export const FilterForm = ({
  label,
  query,
  children,
}: {
  label: string;
  query: string;
  children?: ReactNode;
}) => {
  const { t } = useLingui();
  return (
    <form method="get" className="filter-form" role="search" aria-label={label}>
      <label>
        <span>{t`Search symbol`}</span>
        <input
          type="search"
          name="q"
          defaultValue={query}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      {children}
      <button type="submit" className="button">
        {t({ message: 'Apply', context: 'submit filter form' })}
      </button>
    </form>
  );
};
