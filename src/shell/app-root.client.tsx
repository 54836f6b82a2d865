'use client';

import { useLingui } from '@lingui/react/macro';
import { Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';

import { ClientI18n } from '../components/i18n-provider.client.tsx';
import {
  navButtonPending,
  navMenusReady,
  setFrameUrl,
  useSignal,
  widgetsWanted,
} from '../lib/client/kernel.ts';
import { lazyChunk } from '../lib/client/on-first-use.ts';
import { inOwnTask } from '../lib/client/own-task.ts';
import { CHUNK_FAILED, recoverFromChunkError } from '../lib/client/recovery.ts';
import {
  pageShown,
  trackMarkedClicks,
  type TelemetryConfig,
} from '../lib/client/telemetry.ts';
import {
  fetchWidgets,
  loadWidgets,
  provideWidgets,
} from '../lib/client/widgets-door.ts';
import { MANIFEST_PREFETCH_DELAY_MS } from '../lib/config/constants.ts';
import { Boundary, GlobalErrorBoundary } from './global-error.client.tsx';
import { navButtonOf } from './layout/nav-marks.ts';
import { LoadingBar } from './loading-bar.client.tsx';
import { SiteLinkNavigation } from './site-link-navigation.client.tsx';

// every page's first JS evaluates this module before anything can be clicked: from here on the
// door that features and components open (lib/client/widgets-door.ts) knows the widgets chunk
provideWidgets(() => import('./widgets.client.tsx'));

const Widgets = lazyChunk(loadWidgets, (m) => m.Widgets);
/** Back and Forward (decision 0034): a chunk of its own, asked for as the page hydrates. */
const HistoryNavigation = lazyChunk(
  () => import('./history-navigation.client.tsx'),
  (m) => m.HistoryNavigation,
);

/** Mounts the widgets chunk once wanted (a second after start, a session, or first use). */
const WidgetsMount = ({ session }: { session: boolean }) => {
  const { t } = useLingui();
  const chunkMessage = t(CHUNK_FAILED);
  // deferred: the widgets render as a transition, in slices of a few milliseconds, not in one
  // long task that would hold a click or a keypress (Lighthouse counts it as blocking time)
  const wanted = useDeferredValue(useSignal(widgetsWanted, false));
  useEffect(() => {
    if (session) {
      widgetsWanted.set(true);
      return;
    }
    let mount: (() => void) | undefined;
    const timer = setTimeout(() => {
      // the chunk's fetch starts in this task, its mount in the next: two short tasks, not
      // one long one (a failed fetch is tried again by the mount, whose boundary reports it)
      fetchWidgets().catch(() => undefined);
      mount = inOwnTask(() => widgetsWanted.set(true));
    }, MANIFEST_PREFETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      mount?.();
    };
  }, [session]);
  useEffect(() => {
    // the header's menus come with the widgets: pointing at or focusing a menu button asks for
    // them now, and a click before they are in is kept for them (decision 0019)
    const want = (event: Event) => {
      if (navButtonOf(event)) widgetsWanted.set(true);
    };
    const onClick = (event: MouseEvent) => {
      const button = navButtonOf(event);
      if (!button || navMenusReady.get()) return;
      navButtonPending.set(button);
      widgetsWanted.set(true);
    };
    document.addEventListener('pointerover', want);
    document.addEventListener('focusin', want);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerover', want);
      document.removeEventListener('focusin', want);
      document.removeEventListener('click', onClick);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Boundary onError={() => recoverFromChunkError(chunkMessage)}>
      <Suspense fallback={null}>
        <Widgets session={session} />
      </Suspense>
    </Boundary>
  );
};

let shownHref = '';

/**
 * Telemetry: a PageView for the first load and for every client navigation (the page name
 * comes with each page's payload). The collector itself starts with the widgets chunk.
 */
const TelemetryMount = ({
  telemetry,
  frameUrl,
}: {
  telemetry: TelemetryConfig;
  frameUrl: string;
}) => {
  useEffect(() => {
    setFrameUrl(frameUrl);
    trackMarkedClicks();
    if (location.href === shownHref) return;
    shownHref = location.href;
    pageShown(telemetry);
  }, [telemetry, frameUrl]);
  return null;
};

/**
 * The client root of every page, kept to a few hundred bytes of the page's first JS: the client
 * catalog, the loading bar and the global error screen. The widgets — their signals
 * (lib/client/store.ts), toasts, login and transfer dialogs, user menu, session and build watcher — arrive in their
 * own chunk a second after the page starts (at once when the request carried a session, or
 * when someone clicks Log in), so no visitor waits for them.
 *
 * `session` says only whether the request carried a token cookie (its value is never read
 * here); with it the user info is fetched, without it the visitor is a guest.
 */
export const AppRoot = ({
  locale,
  homePath,
  messages,
  session,
  telemetry,
  frameUrl,
  children,
}: {
  locale: string;
  /** The locale's home under the locale strategy (the global error screen links to it). */
  homePath: string;
  /** The client catalog as JSON (`widgetMessages`). */
  messages: string;
  session: boolean;
  telemetry: TelemetryConfig;
  /** The regional frame's script (spec §1); empty: the built-in header and footer serve. */
  frameUrl: string;
  children: ReactNode;
}) => (
  <ClientI18n locale={locale} messages={messages}>
    <LoadingBar />
    <SiteLinkNavigation />
    <Suspense fallback={null}>
      <HistoryNavigation />
    </Suspense>
    <GlobalErrorBoundary homePath={homePath}>{children}</GlobalErrorBoundary>
    <WidgetsMount session={session} />
    <TelemetryMount telemetry={telemetry} frameUrl={frameUrl} />
  </ClientI18n>
);
