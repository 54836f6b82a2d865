'use client';

import { useLingui } from '@lingui/react/macro';
import { useAtom, useStore } from 'jotai';
import {
  Component,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';

import {
  isChunkLoadError,
  recoverFromChunkError,
} from '../../lib/client/recovery.ts';
import { globalErrorAtom, type GlobalError } from '../../lib/client/store.ts';

class Boundary extends Component<
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
 * The global error state (spec §4): set on an uncaught client error (a component that throws
 * while rendering, or an exception from this site's scripts) or by any widget; shown as an
 * error screen in place of the page; cleared when the person asks, optionally going to
 * another page. A chunk that fails to load is a reload instead (guarded, see recovery.ts).
 */
export const GlobalErrorBoundary = ({ children }: { children: ReactNode }) => {
  const { t } = useLingui();
  const store = useStore();
  const [error, setError] = useAtom(globalErrorAtom);
  const [generation, setGeneration] = useState(0);
  const generic = t`Something went wrong on this page. Try again, or go back to the home page.`;

  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (!isOwnScriptError(event)) return;
      if (isChunkLoadError(event.error)) return;
      setError({ message: generic });
    };
    window.addEventListener('error', onError);
    return () => window.removeEventListener('error', onError);
  }, [generic, setError]);

  const clear = () => {
    const redirectTo = error?.redirectTo;
    setError(null);
    setGeneration((g) => g + 1);
    if (redirectTo) window.location.assign(redirectTo);
  };

  return (
    <>
      {error ? <ErrorView error={error} onClear={clear} /> : null}
      <Boundary
        key={generation}
        onError={(caught) => {
          if (isChunkLoadError(caught)) {
            recoverFromChunkError(
              store,
              t`Part of this page could not be loaded. Reload the page to get the latest version of the site.`,
            );
          } else setError({ message: generic });
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
}: {
  error: GlobalError;
  onClear: () => void;
}) => {
  const { t, i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const home = `/${i18n.locale}`;
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
        <a className="button" href={home}>
          {t`Go to the home page`}
        </a>
      </div>
    </main>
  );
};
