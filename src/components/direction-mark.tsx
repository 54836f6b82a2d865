/** Which way a figure moved, or the sort order of a column ('both': either way, not sorted yet). */
export type Direction = 'up' | 'down' | 'level' | 'both';

/**
 * A small triangle (a square for 'level', a pair for 'both') drawn by CSS in the text's colour,
 * hidden from assistive technology: the words beside it carry the meaning. A shape rather than a
 * ▲▼■ character, so the page needs no font beyond its text face to draw it (see decision 0026).
 */
export const DirectionMark = ({ direction }: { direction: Direction }) => (
  <span aria-hidden="true" className={`mark mark-${direction}`} />
);
