'use client';

import { use, useEffect, useLayoutEffect, useRef, useTransition } from 'react';
import { useRouter } from 'waku';
import {
  useElementsPromise_UNSTABLE as useElementsPromise,
  useRegisterRscEnhancer_UNSTABLE as useRegisterRscEnhancer,
} from 'waku/minimal/client';
import { unstable_encodeRoutePath as encodeRoutePath } from 'waku/router/client-core';

import { entryKeyOf, type KeptRoute } from '../lib/client/history-memory.ts';
import {
  bootHistory,
  handlePops,
  lastScrollSpot,
  mintEntryKey,
  rememberSpot,
  restoreScroll,
  scrollToFragment,
  setShownEntryKey,
  shownEntryKey,
  spotOf,
  type PendingPop,
} from '../lib/client/history-runtime.ts';
import { accountStateOf, navPending, user } from '../lib/client/kernel.ts';
import {
  createRecentMap,
  KEPT_PAGE_TTL_MS,
  KEPT_PAGES_MAX,
} from '../lib/client/recent-map.ts';
import type { SitePath } from '../routes.ts';

// started here unless a reload started it before hydration (`history-boot.ts`); the server
// renders this module too, with no history to start
if (typeof document !== 'undefined') bootHistory();

const sameRoute = (a: KeptRoute, b: KeptRoute) =>
  a.path === b.path && a.query === b.query;

/** The router's elements of a page (Waku's `Elements`). */
type PageElements = Readonly<Record<string | symbol, unknown>>;
type KeptPage = { readonly route: KeptRoute; readonly elements: PageElements };

/** The pages left lately, by entry key: a few, for a while. */
const kept = createRecentMap<KeptPage>({
  max: KEPT_PAGES_MAX,
  maxAgeMs: KEPT_PAGE_TTL_MS,
});
const keepPage = (key: string, page: KeptPage): void => {
  if (key) kept.set(key, page);
};
/** The page kept for entry `key` if it is for `route` (path and query). */
const keptPageFor = (
  key: string,
  route: KeptRoute,
): PageElements | undefined => {
  const page = kept.get(key);
  return page && sameRoute(page.route, route) ? page.elements : undefined;
};

// login or logout: the pages kept from before are another session's
let account = accountStateOf(user.get());
user.subscribe(() => {
  const next = accountStateOf(user.get());
  if (next === 'unknown') return;
  if (account !== 'unknown' && next !== account) kept.clear();
  account = next;
});

/**
 * Kept for the life of the document, not of one mount: a page whose layout differs mounts this
 * component anew, and must still know what it replaced.
 */
let shownPage:
  { readonly route: KeptRoute; readonly elements: PageElements } | undefined;
let pendingPop: PendingPop | undefined;
/** What the commit being finished was: a traversal, or anything else (a push, a replace). */
let committedBy: 'pop' | 'other' | undefined;

/**
 * Back and Forward (issue 41 point 7). The router's own traversal refetches the page and
 * scrolls to the top; this component takes traversals instead (`interceptPop`, given to the
 * router in `waku.client.tsx`): the page the entry showed when it was left is kept (the
 * router's elements, a few recent entries, `history-runtime.ts`), so the router is asked for
 * that entry's address without scrolling and answered from the kept page with no request, and
 * once it is drawn the window goes back to where the entry was left. An entry with no kept page
 * is fetched as a link would, with the loading bar when it takes longer than 200 ms. On every
 * other route change the page being left is kept and its position remembered, and the new
 * history entry (a copy of the old one's state, as the router pushes it) gets a key of its own.
 * It comes in a chunk of its own (`AppRoot` loads it lazily at hydration), with the scroll
 * positions (`history-runtime.ts`), so the page's first JS carries only the router's
 * interceptor (decision 0038); until it is in, the router handles traversals as before.
 */
export const HistoryNavigation = () => {
  const router = useRouter();
  const elements = use(useElementsPromise());
  const registerEnhancer = useRegisterRscEnhancer();
  const [pending, startTransition] = useTransition();
  const latest = useRef(router);
  const { path, query } = router;

  useEffect(() => {
    latest.current = router;
  });

  useEffect(() => {
    if (!pending) return;
    navPending.set(navPending.get() + 1);
    return () => navPending.set(Math.max(0, navPending.get() - 1));
  }, [pending]);

  // a route change has just been drawn (the router's own layout effect, which scrolls for a
  // push, runs after this one): keep the page it replaced, then restore a traversal's position
  useLayoutEffect(() => {
    const previous = shownPage;
    shownPage = { route: { path, query }, elements };
    if (!previous || sameRoute(previous.route, { path, query })) return;
    keepPage(shownEntryKey(), previous);
    const pop = pendingPop;
    if (pop && sameRoute(pop.route, { path, query })) {
      pendingPop = undefined;
      committedBy = 'pop';
      if (!pop.to) {
        scrollToFragment(pop.route.hash);
        return;
      }
      setShownEntryKey(pop.to);
      const spot = spotOf(pop.to);
      if (spot) restoreScroll(spot);
      else scrollToFragment(pop.route.hash);
      return;
    }
    // left by a link (or a traversal the server sent elsewhere): where it was scrolled to
    // before this page was drawn
    pendingPop = undefined;
    rememberSpot(shownEntryKey(), lastScrollSpot());
    committedBy = 'other';
  }, [path, query, elements]);

  // after the router wrote the history entry: a pushed entry carries the state it was copied
  // from, so it is named anew
  useEffect(() => {
    const by = committedBy;
    committedBy = undefined;
    if (by === undefined) return;
    const key = entryKeyOf(history.state);
    if (by === 'pop' && key) return;
    setShownEntryKey(key && key !== shownEntryKey() ? key : mintEntryKey());
  }, [path, query]);

  // the payload request of a traversal, answered from the page kept for its entry
  useLayoutEffect(
    () =>
      registerEnhancer((next) => (rscPath, rscParams, options) => {
        const pop = pendingPop;
        if (
          options.type === 'rsc' &&
          pop?.to &&
          rscParams instanceof URLSearchParams &&
          (rscParams.get('query') ?? '') === pop.route.query &&
          rscPath === encodeRoutePath(pop.route.path)
        ) {
          const kept = keptPageFor(pop.to, pop.route);
          if (kept) return Promise.resolve({ elements: kept });
        }
        return next(rscPath, rscParams, options);
      }),
    [registerEnhancer],
  );

  useLayoutEffect(
    () =>
      handlePops((pop) => {
        const current = shownPage?.route;
        if (current && sameRoute(current, pop.route)) {
          // another fragment of the page on screen: only the position changes
          const spot = pop.to ? spotOf(pop.to) : undefined;
          setShownEntryKey(pop.to ?? mintEntryKey());
          if (spot) restoreScroll(spot);
          else scrollToFragment(pop.route.hash);
          return true;
        }
        pendingPop = pop;
        const href: SitePath = `${location.pathname}${location.search}${location.hash}`;
        startTransition(async () => {
          try {
            await latest.current.replace(href, { scroll: false });
          } catch {
            // the router shows its own error state for a page that failed
          }
        });
        return true;
      }),
    [],
  );

  return null;
};
