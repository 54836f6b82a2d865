'use client';

import { useSetAtom, useStore } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Link, useRouter } from 'waku';
import { useNavigationStatus_UNSTABLE as useNavigationStatus } from 'waku/router/client';

import { fullLoad } from '../lib/client/recovery.ts';
import { navPendingAtom, newBuildAtom } from '../lib/client/store.ts';

/** Counts this link's navigation in the store while it is pending (the loading bar reads it). */
const PendingReporter = () => {
  const { pending } = useNavigationStatus();
  const setPending = useSetAtom(navPendingAtom);
  useEffect(() => {
    if (!pending) return;
    setPending((n) => n + 1);
    return () => setPending((n) => Math.max(0, n - 1));
  }, [pending, setPending]);
  return null;
};

export type AppLinkProps = {
  /** A same-host path (with query and hash if any). */
  to: string;
  children: ReactNode;
  className?: string | undefined;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string | undefined;
  hrefLang?: string | undefined;
};

/**
 * Every same-host link of the site: a client navigation through the Waku router, its RSC
 * payload prefetched when pointed at or focused, its progress shown by the loading bar. After
 * the build watcher saw a newer build, the click is a full page load instead (guarded; the
 * store is saved first), so the person lands on the new build's code.
 */
export const AppLink = ({ to, children, ...rest }: AppLinkProps) => {
  const store = useStore();
  const router = useRouter();
  return (
    <Link
      {...rest}
      to={to}
      unstable_prefetchOnEnter={{}}
      onFocus={() => router.prefetch(to as never)}
      onClick={(event) => {
        if (store.get(newBuildAtom) && fullLoad(store, to))
          event.preventDefault();
      }}
    >
      <PendingReporter />
      {children}
    </Link>
  );
};
