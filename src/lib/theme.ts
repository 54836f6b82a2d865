import { THEME_KEY } from './config/storage-keys.ts';

/** The two themes; with no choice stored, the browser's preference (prefers-color-scheme) rules. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme =>
  value === 'light' || value === 'dark';

/** The root attribute the stylesheet reads (`:root[data-theme='light']`), the reader's choice. */
export const THEME_ATTRIBUTE = 'data-theme';

/**
 * The document's one inline script of its own, in <head> before the stylesheet applies: the
 * reader's stored choice (spec §3's theme key) onto the root, so the first paint is already in
 * that theme. The server's HTML never depends on it (cached pages stay one copy for everyone);
 * local storage that throws (blocked storage) leaves the browser's preference. Allowed by the
 * CSP through its hash (THEME_SCRIPT_HASH), so it runs on cached and bare answers alike.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t==="light"||t==="dark")document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}catch(e){}`;
