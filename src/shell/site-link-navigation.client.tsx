'use client';

import { useEffect, useRef, useTransition } from 'react';
import { useRouter } from 'waku';

import { navPending } from '../lib/client/kernel.ts';
import { anchorOf, isPlainClick } from '../lib/client/links.ts';
import {
  createPrefetchLine,
  WAKU_PREFETCH_TTL_MS,
  watchPayloads,
} from '../lib/client/prefetch-line.ts';
import { fullLoad } from '../lib/client/recovery.ts';
import { MAX_ROUTE_PRELOADS } from '../lib/config/constants.ts';
import type { SitePath } from '../routes.ts';

const linkOf = (event: Event) => anchorOf(event, 'a[data-app-link]');

/** The same-host path a site link points to, or null for one the browser should follow. */
const pathOf = (link: HTMLAnchorElement): SitePath | null => {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download'))
    return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A prefetch that never reported back frees its place after this long. */
const PREFETCH_GIVE_UP_MS = 10_000;

const samePage = (path: string) =>
  path.split('#')[0] === `${location.pathname}${location.search}`;

/**
 * Client navigation for every `SiteLink` (`a[data-app-link]`) of the page, with one set of
 * document listeners instead of a component per link, so links also work inside server-rendered
 * HTML strings. A plain left click goes through the Waku router in a transition whose pending
 * state drives the loading bar; pointing at or focusing a link prefetches its RSC payload (at
 * most MAX_ROUTE_PRELOADS at once, the rest in line); once
 * the build watcher saw a newer build (`<html data-new-build>`) the click is a full page load
 * (guarded; the store is saved first). Modified clicks, other targets, downloads and other
 * hosts are left to the browser. When a navigation replaced the element that had the focus,
 * the focus moves to the main content, so keyboard and screen-reader users start from there.
 */
export const SiteLinkNavigation = () => {
  const router = useRouter();
  const latest = useRef(router);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    latest.current = router;
  });

  // after a client navigation (a link, back or forward) whose new page replaced the element
  // that had the focus, the focus goes to the main content rather than the document
  const path = router.path;
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    const focused = document.activeElement;
    if (!focused || focused === document.body)
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);

  useEffect(() => {
    if (!pending) return;
    navPending.set(navPending.get() + 1);
    return () => navPending.set(Math.max(0, navPending.get() - 1));
  }, [pending]);

  useEffect(() => {
    let lastPrefetched = '';
    // at most MAX_ROUTE_PRELOADS payloads in flight; the others wait their turn
    const line = createPrefetchLine({
      limit: MAX_ROUTE_PRELOADS,
      timeoutMs: PREFETCH_GIVE_UP_MS,
      freshMs: WAKU_PREFETCH_TTL_MS,
      start: (path) => latest.current.prefetch(path),
    });
    const unwatch = watchPayloads(line);
    const prefetch = (event: Event) => {
      const link = linkOf(event);
      const path = link && pathOf(link);
      if (!path || path === lastPrefetched || samePage(path)) return;
      lastPrefetched = path;
      line.want(path);
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = linkOf(event);
      const path = link && pathOf(link);
      if (!path) return;
      if (samePage(path) && path.includes('#')) return;
      event.preventDefault();
      if (document.documentElement.dataset.newBuild && fullLoad(path)) return;
      if (samePage(path)) return;
      startTransition(async () => {
        await latest.current.push(path);
      });
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', prefetch);
    document.addEventListener('focusin', prefetch);
    return () => {
      unwatch();
      line.dispose();
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
  }, []);

  return null;
};
