/** The marks a server-drawn countdown carries for the widgets chunk's ticker. */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown';
export const COUNTDOWN_LOCALE_ATTRIBUTE = 'data-countdown-locale';
/** Set for a compact countdown (see `CountdownStyle`). */
export const COUNTDOWN_STYLE_ATTRIBUTE = 'data-countdown-style';
/** The text shown once the countdown runs out (none: it stays at zero). */
export const COUNTDOWN_DONE_ATTRIBUTE = 'data-countdown-done';
