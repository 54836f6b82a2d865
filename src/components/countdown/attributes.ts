/** The marks a server-drawn countdown carries for the widgets chunk's ticker. */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown';
export const COUNTDOWN_LOCALE_ATTRIBUTE = 'data-countdown-locale';
