import { compareDecimal } from '../../lib/format/decimal.ts';

/**
 * The savings table's order, kept in the URL (`?sort=apr-desc`) so it is server-rendered and
 * shareable: a column and a direction. Unknown values mean the API's own order.
 */

export const SORT_COLUMNS = ['coin', 'apr', 'term', 'quota'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export type SortOrder = {
  readonly column: SortColumn;
  readonly direction: SortDirection;
};

/** The direction a column sorts in first: the best rate and the most quota first. */
const FIRST_DIRECTION: Readonly<Record<SortColumn, SortDirection>> = {
  coin: 'asc',
  apr: 'desc',
  term: 'asc',
  quota: 'desc',
};

const SORT = /^(coin|apr|term|quota)-(asc|desc)$/;

/** 'apr-desc' → { column: 'apr', direction: 'desc' }; anything else undefined. */
export const parseSort = (
  value: string | null | undefined,
): SortOrder | undefined => {
  const match = SORT.exec(value ?? '');
  return match
    ? {
        column: match[1] as SortColumn,
        direction: match[2] as SortDirection,
      }
    : undefined;
};

export const sortParam = (order: SortOrder): string =>
  `${order.column}-${order.direction}`;

/** The order a click on `column`'s header asks for: the other direction of the same column. */
export const nextSort = (
  current: SortOrder | undefined,
  column: SortColumn,
): SortOrder => ({
  column,
  direction:
    current?.column === column
      ? current.direction === 'asc'
        ? 'desc'
        : 'asc'
      : FIRST_DIRECTION[column],
});

type Sortable = {
  readonly coin: string;
  readonly apr: string;
  readonly termDays: number;
  readonly quotaLeft: string;
};

const compareBy = (column: SortColumn, a: Sortable, b: Sortable): number => {
  switch (column) {
    case 'coin':
      return a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0;
    case 'apr':
      return compareDecimal(a.apr, b.apr) ?? 0;
    case 'term':
      return a.termDays - b.termDays;
    case 'quota':
      return compareDecimal(a.quotaLeft, b.quotaLeft) ?? 0;
  }
};

/** A sorted copy (stable: equal rows keep the API's order); no order: the API's order. */
export const sortProducts = <T extends Sortable>(
  products: readonly T[],
  order: SortOrder | undefined,
): T[] => {
  if (!order) return [...products];
  const sign = order.direction === 'asc' ? 1 : -1;
  return products
    .map((product, index) => ({ product, index }))
    .sort(
      (a, b) =>
        sign * compareBy(order.column, a.product, b.product) ||
        a.index - b.index,
    )
    .map(({ product }) => product);
};
