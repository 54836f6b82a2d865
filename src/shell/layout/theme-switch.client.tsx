'use client';

import { useSyncExternalStore } from 'react';
import { ToggleButton } from 'react-aria-components';

import { roundStroke } from '../../components/line-icon.ts';
import { THEME_KEY } from '../../lib/config/storage-keys.ts';
import { isTheme, THEME_ATTRIBUTE, type Theme } from '../../lib/theme.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** Said by the toggle when it changes the root: the other toggles of the page follow. */
const CHANGED = 'exchange:theme';

/** The theme the page is in: the reader's choice on the root, else the browser's preference. */
const currentTheme = (): Theme => {
  const chosen = document.documentElement.getAttribute(THEME_ATTRIBUTE);
  if (isTheme(chosen)) return chosen;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
};

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', changed);
  window.addEventListener(CHANGED, changed);
  // another tab's choice (the storage event) applies here too
  const stored = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    if (isTheme(event.newValue))
      document.documentElement.setAttribute(THEME_ATTRIBUTE, event.newValue);
    else document.documentElement.removeAttribute(THEME_ATTRIBUTE);
    changed();
  };
  window.addEventListener('storage', stored);
  return () => {
    query.removeEventListener('change', changed);
    window.removeEventListener(CHANGED, changed);
    window.removeEventListener('storage', stored);
  };
};

/** The reader's choice: on the root at once, and under the spec's theme key for the next page. */
const choose = (theme: Theme) => {
  document.documentElement.setAttribute(THEME_ATTRIBUTE, theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage blocked: the choice lasts for this page
  }
  window.dispatchEvent(new Event(CHANGED));
};

const Moon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"
      {...roundStroke('2')}
    />
  </svg>
);

const Sun = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g {...roundStroke('2')}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </g>
  </svg>
);

/**
 * The toggle itself (react-aria ToggleButton: a button with aria-pressed, Space and Enter):
 * pressed is the dark theme. Its name says what pressing it means ("Dark theme"); the icon
 * shows the theme it switches to.
 */
export default function ThemeSwitch({ label }: { label: string }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'dark');
  const dark = theme === 'dark';
  return (
    <ToggleButton
      className="theme-toggle"
      aria-label={label}
      isSelected={dark}
      onChange={(selected) => choose(selected ? 'dark' : 'light')}
    >
      {dark ? <Sun /> : <Moon />}
    </ToggleButton>
  );
}
