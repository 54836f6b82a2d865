'use client';

import { Suspense } from 'react';

import { useHydrated } from '../../lib/client/focus.ts';
import { lazyChunk } from '../../lib/client/on-first-use.ts';

/** react-aria's ToggleButton comes in its own chunk: a guest page's first JS stays as it was. */
const ThemeSwitch = lazyChunk(
  () => import('./theme-switch.client.tsx'),
  (m) => m.default,
);

/** Keeps the toggle's place until it is there (no layout shift), and hides it from everyone. */
const Placeholder = () => (
  <span className="theme-toggle theme-toggle-pending" aria-hidden="true" />
);

/**
 * The header's light/dark toggle. The server renders only its place (the HTML is the same in
 * both themes, so cached pages stay one copy); the browser renders the toggle, which needs
 * script to work anyway. `label` is its accessible name, in the page's language.
 */
export const ThemeToggle = ({ label }: { label: string }) =>
  useHydrated() ? (
    <Suspense fallback={<Placeholder />}>
      <ThemeSwitch label={label} />
    </Suspense>
  ) : (
    <Placeholder />
  );
