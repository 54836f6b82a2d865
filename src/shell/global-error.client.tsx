'use client';

import { useLingui } from '@lingui/react/macro';
import {
  Component,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';

import {
  globalError,
  useSignal,
  type GlobalError,
} from '../lib/client/kernel.ts';
import {
  CHUNK_FAILED,
  isChunkLoadError,
  recoverFromChunkError,
  reloadingForUs,
} from '../lib/client/recovery.ts';
import { reportClientError } from '../lib/client/telemetry.ts';

/** Renders nothing once a child threw; tells `onError`. */
export class Boundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Errors thrown by this site's own scripts (not extensions, not cross-origin frames). */
const isOwnScriptError = (event: ErrorEvent): boolean =>
  event.error instanceof Error &&
  typeof event.filename === 'string' &&
  event.filename.startsWith(window.location.origin);

/**
 * The global error state (spec §4) and chunk-error recovery (§8), for every page:
 *
 * - set on an uncaught client error (a component that throws while rendering, or an exception
 *   from this site's scripts) or by any widget; shown as an error screen in place of the page
 *   (which stays mounted, hidden); cleared when the person asks, optionally going elsewhere;
 * - a chunk that fails to load (a dynamic import rejected, Vite's preload error) reloads the
 *   page once, guarded by the 10-second window; within the window, the error screen instead.
 */
export const GlobalErrorBoundary = ({
  homePath,
  children,
}: {
  /** The locale's home as the locale strategy spells it (`/ja-JP`, or `/` unprefixed). */
  homePath: string;
  children: ReactNode;
}) => {
  const { t } = useLingui();
  const error = useSignal(globalError, null);
  const [generation, setGeneration] = useState(0);
  const generic = t`Something went wrong on this page. Try again, or go back to the home page.`;
  const chunkMessage = t(CHUNK_FAILED);

  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (!isOwnScriptError(event) || isChunkLoadError(event.error)) return;
      reportClientError(event.error);
      globalError.set({ message: generic });
    };
    // runs after Waku's bootstrap listener, which prevents the event when it reloads itself
    const onPreloadError = (event: Event) => {
      if (event.defaultPrevented) reloadingForUs();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isChunkLoadError(event.reason)) {
        if (event.reason instanceof Error) reportClientError(event.reason);
        return;
      }
      event.preventDefault();
      recoverFromChunkError(chunkMessage);
    };
    window.addEventListener('error', onError);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [generic, chunkMessage]);

  const clear = () => {
    const redirectTo = error?.redirectTo;
    globalError.set(null);
    setGeneration((g) => g + 1);
    if (redirectTo) window.location.assign(redirectTo);
  };

  return (
    <>
      {error ? (
        <ErrorView error={error} onClear={clear} homePath={homePath} />
      ) : null}
      <Boundary
        key={generation}
        onError={(caught) => {
          if (isChunkLoadError(caught)) recoverFromChunkError(chunkMessage);
          else {
            reportClientError(caught);
            globalError.set({ message: generic });
          }
        }}
      >
        <div hidden={error !== null} className="zmx-pv-page">
          {children}
        </div>
      </Boundary>
    </>
  );
};

const ErrorView = ({
  error,
  onClear,
  homePath,
}: {
  error: GlobalError;
  onClear: () => void;
  homePath: string;
}) => {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="zmx-pv-error-screen" aria-labelledby="global-error-title">
      <h1 id="global-error-title" tabIndex={-1} ref={heading}>
        {t`This page stopped working`}
      </h1>
      <p role="alert">{error.message}</p>
      <div className="zmx-pv-error-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={onClear}
        >
          {t`Try again`}
        </button>
        <a className="button" href={homePath}>
          {t`Go to the home page`}
        </a>
      </div>
    </main>
  );
};
