import { createElement, type ReactNode } from 'react';

/**
 * A table's header row: a heading given as text becomes a `<th scope="col">`; one that needs
 * more than words (an ⓘ explanation, a sort button) is given as its own `<th>` element. The
 * cells are the row's children one by one, as if written out in JSX: a fixed row, no keys.
 *
 * Column headings sit in a narrow place. Their translators' note is set once, on the line above
 * the headings, by Lingui's directive comment `lingui-set comment="Column header (a narrow
 * place): at most 28 characters"`, and ended by `lingui-reset` on the line below (see
 * features/fee-discount/page.tsx), rather than repeated on every message.
 */
export const ColumnHeaders = ({
  columns,
}: {
  columns: readonly ReactNode[];
}) => (
  <thead>
    {createElement(
      'tr',
      null,
      ...columns.map((column) =>
        typeof column === 'string' ? <th scope="col">{column}</th> : column,
      ),
    )}
  </thead>
);
