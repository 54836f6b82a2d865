'use client';

import { Suspense, useEffect, type ComponentType } from 'react';

import { CopyIslands } from '../components/copy-islands.client.tsx';
import { Countdowns } from '../components/countdown/countdowns.client.tsx';
import { LiveMarketIslands } from '../components/markets/live-islands.client.tsx';
import { AccountPlaceholder } from '../features/account/account-corner.client.tsx';
import {
  getFrameUrl,
  setSnapshotSaver,
  useSignal,
  user as currentUser,
} from '../lib/client/kernel.ts';
import { lazyChunk } from '../lib/client/on-first-use.ts';
import { inOwnTask } from '../lib/client/own-task.ts';
import { startRegionalFrame } from '../lib/client/regional-frame.ts';
import {
  openLogin,
  openSubscribe,
  openTransfer as openTransferWith,
  saveSnapshot,
} from '../lib/client/store.ts';
import { startTelemetryRuntime } from '../lib/client/telemetry-runtime.ts';
import { currentConfig } from '../lib/client/telemetry.ts';
import { BuildWatcher } from './build-watcher.client.tsx';
import { DialogHost } from './dialog-host.client.tsx';
import { NavMenus } from './layout/nav-menus.client.tsx';
import { SessionSync } from './session-sync.client.tsx';
import { ToastHost } from './toast-host.client.tsx';

/**
 * The widgets chunk (loaded after the page starts, see widgets-door.ts): everything that reads
 * the widgets' signals (lib/client/store.ts) — session, build watcher, toasts, login modal,
 * transfer dialog, user menu —, the live market tables (components/markets, loaded on first
 * sight), and the functions the page's first JS calls into; react-aria parts load on first use.
 */

/**
 * Each feature's part of the widgets chunk, found by convention: `src/features/<feature>/
 * widgets.client.tsx` exporting `FeatureWidgets` (the shell keeps no list of them, and features
 * never import the shell: decision 0040).
 */
const FEATURE_WIDGETS = Object.entries(
  import.meta.glob<ComponentType>('../features/*/widgets.client.tsx', {
    eager: true,
    import: 'FeatureWidgets',
  }),
);

const UserMenu = lazyChunk(
  () => import('../features/account/user-menu.client.tsx'),
  (m) => m.UserMenu,
);

export { openLogin, openSubscribe, saveSnapshot };

/** The transfer dialog with nothing chosen (whatever a caller passes along is not its props). */
export const openTransfer = (): void => openTransferWith();

/** Runs `action` now for a logged-in person, or after a successful login for a guest. */
export const requireLogin = (action: () => void): void => {
  const user = currentUser.get();
  if (user && user !== 'unknown') action();
  else openLogin('login', action);
};

export const Widgets = ({ session }: { session: boolean }) => {
  useEffect(() => {
    setSnapshotSaver(saveSnapshot);
  }, []);
  useEffect(() => {
    // each in a task of its own, not in the one that runs the widgets' effects
    const telemetry = inOwnTask(() => {
      // the analytics collector, error reporting and performance monitoring (spec §7)
      const config = currentConfig();
      if (config) startTelemetryRuntime(config);
    });
    const frame = inOwnTask(() => {
      // the regional frame's header, footer and robot, when the deployment has one
      startRegionalFrame(getFrameUrl(), {
        locale: document.documentElement.lang,
        openLogin: () => requireLogin(() => undefined),
        openTransfer: () => requireLogin(openTransfer),
      });
    });
    return () => {
      telemetry();
      frame();
    };
  }, []);
  return (
    <>
      <BuildWatcher />
      <SessionSync session={session} />
      <ToastHost />
      <DialogHost />
      <LiveMarketIslands />
      {FEATURE_WIDGETS.map(([path, FeatureWidgets]) => (
        <FeatureWidgets key={path} />
      ))}
      <Countdowns />
      <NavMenus />
      <CopyIslands />
    </>
  );
};

/**
 * The header's user menu once the widgets know the user (AccountCorner keeps its own guest
 * buttons for a guest, see accountStateOf).
 */
export const AccountArea = () => {
  const user = useSignal(currentUser, 'unknown');
  if (user === 'unknown' || user === null) return <AccountPlaceholder />;
  return (
    <Suspense fallback={<AccountPlaceholder />}>
      <UserMenu user={user} />
    </Suspense>
  );
};
