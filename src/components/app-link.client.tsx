'use client';

import { useEffect, type ReactNode } from 'react';
import { Link, useRouter } from 'waku';
import { useNavigationStatus_UNSTABLE as useNavigationStatus } from 'waku/router/client';

import { navPending } from '../lib/client/kernel.ts';
import { fullLoad } from '../lib/client/recovery.ts';

/** Counts this link's navigation while it is pending (the loading bar reads the count). */
const PendingReporter = () => {
  const { pending } = useNavigationStatus();
  useEffect(() => {
    if (!pending) return;
    navPending.set(navPending.get() + 1);
    return () => navPending.set(Math.max(0, navPending.get() - 1));
  }, [pending]);
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
  /** An analytics Click marker: `banner:home-launchpad` (spec §3 button types). */
  'data-track'?: string | undefined;
};

/**
 * Every same-host link of the site: a client navigation through the Waku router, its RSC
 * payload prefetched when pointed at or focused, its progress shown by the loading bar. Once
 * the build watcher saw a newer build (`<html data-new-build>`), the click is a full page load
 * instead (guarded; the store is saved first), so the person lands on the new build's code.
 */
export const AppLink = ({ to, children, ...rest }: AppLinkProps) => {
  const router = useRouter();
  return (
    <Link
      {...rest}
      to={to}
      unstable_prefetchOnEnter={{}}
      onFocus={() => router.prefetch(to as never)}
      onClick={(event) => {
        if (document.documentElement.dataset.newBuild && fullLoad(to))
          event.preventDefault();
      }}
    >
      <PendingReporter />
      {children}
    </Link>
  );
};
