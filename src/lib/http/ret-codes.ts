/**
 * The API's "log in first" ret_code: any call a guest may make can answer it (spec §3). A
 * module of its own, free of imports, so a page's first JS can read it.
 */
export const NOT_LOGGED_IN = 10008;
