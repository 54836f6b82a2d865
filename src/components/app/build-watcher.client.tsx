'use client';

import { useLingui } from '@lingui/react/macro';
import { useStore } from 'jotai';
import { useEffect } from 'react';

import { latestBuildUrl, readBuildId } from '../../lib/client/build-id.ts';
import {
  fullLoad,
  isChunkLoadError,
  recoverFromChunkError,
  reloadingForUs,
} from '../../lib/client/recovery.ts';
import { newBuildAtom } from '../../lib/client/store.ts';
import { MANIFEST_PREFETCH_DELAY_MS } from '../../lib/config/constants.ts';

/** How often latest.json is read while the page is visible. */
export const BUILD_POLL_MS = 60_000;

let baseline: string | undefined;

/**
 * The new-build watcher (spec §4): reads latest.json (timestamp query, no cache) a second
 * after start, then every minute and whenever the tab becomes visible again. The first id it
 * sees is this page's build; a different one later means a newer build is live, and the next
 * client navigation becomes a full page load (AppLink, and back/forward here). A chunk that
 * fails to load reloads the page, guarded so it never loops. `<html data-build-id>` and
 * `data-new-build` show the state (tests and support read them).
 */
export const BuildWatcher = () => {
  const store = useStore();
  const { t } = useLingui();
  const chunkMessage = t`Part of this page could not be loaded. Reload the page to get the latest version of the site.`;

  useEffect(() => {
    const root = document.documentElement;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch(latestBuildUrl(Date.now()), {
          cache: 'no-store',
          credentials: 'omit',
          headers: { accept: 'application/json' },
        });
        if (!response.ok || stopped) return;
        const id = readBuildId(await response.json());
        if (!id) return;
        if (baseline === undefined) {
          baseline = id;
          root.dataset.buildId = id;
        } else if (id !== baseline && !store.get(newBuildAtom)) {
          store.set(newBuildAtom, true);
          root.dataset.newBuild = id;
        }
      } catch {
        // offline or a malformed file: try again at the next tick
      }
    };
    const first = setTimeout(() => void check(), MANIFEST_PREFETCH_DELAY_MS);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void check();
    }, BUILD_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && baseline !== undefined)
        void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store]);

  useEffect(() => {
    // back/forward after a new build: load the page the history moved to, in full
    const onPop = () => {
      if (store.get(newBuildAtom)) fullLoad(store, window.location.href);
    };
    // runs after Waku's bootstrap listener, which prevents the event when it reloads itself
    const onPreloadError = (event: Event) => {
      if (event.defaultPrevented) reloadingForUs(store);
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isChunkLoadError(event.reason)) return;
      event.preventDefault();
      recoverFromChunkError(store, chunkMessage);
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [store, chunkMessage]);

  return null;
};
