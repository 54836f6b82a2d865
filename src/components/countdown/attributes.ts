/** The marks a server-drawn countdown carries for the widgets chunk's ticker. */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown';
/** The countdown's words as JSON (`CountdownWords`: its locale's and style's). */
export const COUNTDOWN_WORDS_ATTRIBUTE = 'data-countdown-words';
/** Set for a compact countdown (see `CountdownStyle`). */
export const COUNTDOWN_STYLE_ATTRIBUTE = 'data-countdown-style';
/** The text shown once the countdown runs out (none: it stays at zero). */
export const COUNTDOWN_DONE_ATTRIBUTE = 'data-countdown-done';
/**
 * An element shown only from this moment on (an API date), and one shown only until this
 * moment: the server writes `hidden` as of the request, the ticker switches it when the moment
 * comes (a phase that ends while the page is open).
 */
export const SHOWN_FROM_ATTRIBUTE = 'data-shown-from';
export const SHOWN_UNTIL_ATTRIBUTE = 'data-shown-until';

/** Whether an element shown from `from` until `until` (ms; undefined: unbounded) shows at `now`. */
export const isShown = (
  from: number | undefined,
  until: number | undefined,
  now: number,
): boolean =>
  (from === undefined || now >= from) && (until === undefined || now < until);

/** The attributes of an element shown from `from` until `until` (ms; undefined: unbounded). */
export const shownBetween = (
  from: number | undefined,
  until: number | undefined,
  now: number,
): Record<string, string | boolean> => ({
  ...(from === undefined
    ? {}
    : { [SHOWN_FROM_ATTRIBUTE]: new Date(from).toISOString() }),
  ...(until === undefined
    ? {}
    : { [SHOWN_UNTIL_ATTRIBUTE]: new Date(until).toISOString() }),
  hidden: !isShown(from, until, now),
});
