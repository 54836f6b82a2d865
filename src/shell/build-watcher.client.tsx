'use client';

import { useEffect } from 'react';

import { latestBuildUrl, readBuildId } from '../lib/client/build-id.ts';
import { inOwnTask } from '../lib/client/own-task.ts';
import { fullLoad } from '../lib/client/recovery.ts';
import { newBuild } from '../lib/client/store.ts';

/** How often latest.json is read while the page is visible. */
export const BUILD_POLL_MS = 60_000;

let baseline: string | undefined;

/**
 * The new-build watcher (spec §4): reads latest.json (timestamp query, no cache) when the
 * widgets start, then every minute and whenever the tab becomes visible again. The first id it
 * sees is this page's build; a different one later means a newer build is live, and the next
 * client navigation becomes a full page load (`SiteLinkNavigation` reads `<html data-new-build>`; back and
 * forward are handled here). `<html data-build-id>` shows the baseline (tests and support).
 */
export const BuildWatcher = () => {
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
        } else if (id !== baseline && !newBuild.get()) {
          newBuild.set(true);
          root.dataset.newBuild = id;
        }
      } catch {
        // offline or a malformed file: try again at the next tick
      }
    };
    // the widgets mount a second after the page starts (AppRoot); the first read starts in a
    // task of its own, not in the one that runs the widgets' effects
    const first = inOwnTask(() => void check());
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
      first();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    // back/forward after a new build: load the page the history moved to, in full
    const onPop = () => {
      if (newBuild.get()) fullLoad(window.location.href);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return null;
};
