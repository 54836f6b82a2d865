/**
 * The contract lists' paginator (spec §9: navigation buttons of 36 px): which page the URL asks
 * for, which page numbers the paginator shows, and the address of each page. Pure functions, so
 * the server renders the paginator as plain links that work without JavaScript.
 */

/** Rows per page of the contract and margin lists. */
export const PAGE_SIZE = 25;

/** How many pages `total` rows fill (at least one, so an empty list still has a page 1). */
export const pageCount = (total: number, size: number = PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / size));

/**
 * The page the query's `page` parameter names, as a whole number within 1 … `count`. Anything
 * else (absent, empty, `abc`, `-2`, `1.5`, `1e3`, a number past the last page) reads as the
 * nearest page there is: bad input never becomes an error.
 */
export const parsePage = (raw: string | null | undefined, count: number) => {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return Math.min(Math.max(page, 1), Math.max(count, 1));
};

/** The rows of one page. */
export const pageSlice = <T>(
  rows: readonly T[],
  page: number,
  size: number = PAGE_SIZE,
): T[] => rows.slice((page - 1) * size, page * size);

export type PageItem =
  | { readonly kind: 'page'; readonly page: number }
  | { readonly kind: 'gap'; readonly key: string };

/**
 * The page numbers shown: the first and last, the current page with one neighbour each side,
 * and a gap (…) for each run left out, so the paginator keeps one width whatever the page:
 * `1 … 4 5 6 … 12`. A gap never stands for a single page (that page is shown instead).
 */
export const pageItems = (current: number, count: number): PageItem[] => {
  const shown = new Set<number>([1, count, current - 1, current, current + 1]);
  const pages = [...shown]
    .filter((p) => p >= 1 && p <= count)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2)
      items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
};

/**
 * The address of `page` with the list's other parameters kept (search, type): `?q=btc&page=3`.
 * Page 1 drops the parameter, so the first page has one address.
 */
export const pageHref = (
  pathname: string,
  params: Readonly<Record<string, string>>,
  page: number,
): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
};
