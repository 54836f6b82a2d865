import { guardedReload } from './reload-guard.ts';
import {
  globalErrorAtom,
  restoreStore,
  SNAPSHOT_KEY,
  snapshotStore,
  type AppStore,
} from './store.ts';

/**
 * Getting a page back on its feet (spec §4, §8): a chunk that fails to load or a newer build
 * means a full page load, guarded so reloads never loop, with the store saved to session
 * storage first and put back when the page starts again.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i;

export const isChunkLoadError = (error: unknown): boolean => {
  if (error instanceof Error)
    return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
};

const session = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

export const saveSnapshot = (store: AppStore): void => {
  try {
    session()?.setItem(SNAPSHOT_KEY, JSON.stringify(snapshotStore(store)));
  } catch {
    // quota or blocked storage: the reload still happens, the drafts are lost
  }
};

/** Puts back what the last guarded reload saved (once: the snapshot is removed). */
export const restoreSnapshot = (store: AppStore): boolean => {
  const storage = session();
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SNAPSHOT_KEY) ?? null;
    storage?.removeItem(SNAPSHOT_KEY);
  } catch {
    return false;
  }
  return restoreStore(store, raw);
};

/**
 * A full load of `href` (or a reload of this page), unless one happened within the guard
 * window. Returns whether the page is going away.
 */
let leaving = false;
export const fullLoad = (store: AppStore, href?: string): boolean => {
  // a second failure while the page is already going away is the same event, not a loop
  if (leaving) return true;
  leaving = guardedReload({
    storage: session(),
    now: Date.now(),
    beforeReload: () => saveSnapshot(store),
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
export const reloadingForUs = (store: AppStore): void => {
  if (leaving) return;
  leaving = guardedReload({
    storage: session(),
    now: Date.now(),
    beforeReload: () => saveSnapshot(store),
    reload: () => undefined,
  });
  leaving = true;
};

/** A chunk failed to load: reload once; if that already happened, show the error screen. */
export const recoverFromChunkError = (
  store: AppStore,
  message: string,
): void => {
  if (!fullLoad(store)) store.set(globalErrorAtom, { message });
};
