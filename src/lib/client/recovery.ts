import { msg } from '@lingui/core/macro';

import { globalError, saveSnapshotIfAny } from './kernel.ts';
import { guardedReload } from './reload-guard.ts';

/**
 * Getting a page back on its feet (spec §4, §8): a chunk that fails to load or a newer build
 * means a full page load, guarded so reloads never loop, with the store saved to session
 * storage first (the widgets put it back when the page starts again).
 */
/** What a person is told when a chunk could not be fetched (every place that recovers says it). */
export const CHUNK_FAILED = msg`Part of this page could not be loaded. Reload the page to get the latest version of the site.`;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i;

export const isChunkLoadError = (error: unknown): boolean => {
  if (error instanceof Error)
    return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
};

export const sessionStore = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

let leaving = false;

/**
 * A full load of `href` (or a reload of this page), unless one happened within the guard
 * window. Returns whether the page is going away.
 */
export const fullLoad = (href?: string): boolean => {
  // a second failure while the page is already going away is the same event, not a loop
  if (leaving) return true;
  leaving = guardedReload({
    storage: sessionStore(),
    now: Date.now(),
    beforeReload: saveSnapshotIfAny,
    reload: () => {
      if (href) window.location.assign(href);
      else window.location.reload();
    },
  });
  return leaving;
};

/**
 * Waku's own version-skew guard already reloads the page for this chunk error (once per build):
 * count that reload as ours, so the guard window starts now and the store is saved.
 */
export const reloadingForUs = (): void => {
  if (leaving) return;
  guardedReload({
    storage: sessionStore(),
    now: Date.now(),
    beforeReload: saveSnapshotIfAny,
    reload: () => undefined,
  });
  leaving = true;
};

/** A chunk failed to load: reload once; if that already happened, show the error screen. */
export const recoverFromChunkError = (message: string): void => {
  if (!fullLoad()) globalError.set({ message });
};
