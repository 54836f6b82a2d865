import { takePopsWith } from './history-boot.ts';
import {
  entryKeyOf,
  isAt,
  newEntryKey,
  parseSpots,
  SCROLL_SPOTS_ITEM,
  SCROLL_SPOTS_MAX,
  stateWithEntryKey,
  type KeptRoute,
  type ScrollSpot,
} from './history-memory.ts';
import { sessionStore } from './recovery.ts';

/**
 * The browser side of Back and Forward (issue 41 point 7), outside React: the entry keys, the positions each entry was left at, and the scroll itself (the pages
 * kept for traversals live with `HistoryNavigation`, in a chunk of its own).
 * `history.scrollRestoration` is `manual` for the whole life of the page, so the browser never
 * scrolls on its own and this module is the one place that does: after a traversal within the
 * document (`HistoryNavigation`), and when the document is loaded again for an entry it knows
 * (a reload, or a traversal that loads the document anew: `bootHistory`). A page restored from
 * the browser's back/forward cache is shown as it was left, scroll included, by the browser.
 * It is not in the page's first JS (decision 0038): `history-boot.ts` asks for it before
 * hydration when the load may have a position to restore, and `HistoryNavigation`'s chunk
 * brings it otherwise; until `bootHistory` has run, the browser and the router handle Back and
 * Forward as they do by default.
 */

/** How long a restore keeps trying while the page is still growing to the height it needs. */
const RESTORE_WITHIN_MS = 2000;

/** Positions by entry key, oldest first, at most SCROLL_SPOTS_MAX. */
const spots = new Map<string, ScrollSpot>();

/** The key of the entry whose page is on screen. */
let shownKey = '';
/** The window's scroll position as of the last scroll event (read before a new page commits). */
let lastSpot: ScrollSpot = { x: 0, y: 0 };
/** Bumped to stop a restore in progress (a newer one, or the person scrolling). */
let restoreRun = 0;

const here = (): ScrollSpot => ({ x: window.scrollX, y: window.scrollY });

/** Gives the current entry a fresh key (its state otherwise unchanged) and returns it. */
export const mintEntryKey = (): string => {
  const key = newEntryKey();
  history.replaceState(stateWithEntryKey(history.state, key), '');
  return key;
};

export const shownEntryKey = (): string => shownKey;
export const setShownEntryKey = (key: string): void => {
  shownKey = key;
};
/** The position the page on screen was left at: the last one scrolled to. */
export const lastScrollSpot = (): ScrollSpot => lastSpot;

export const rememberSpot = (key: string, spot: ScrollSpot): void => {
  if (!key) return;
  spots.delete(key);
  spots.set(key, spot);
  if (spots.size > SCROLL_SPOTS_MAX)
    spots.delete(spots.keys().next().value ?? '');
};
export const spotOf = (key: string): ScrollSpot | undefined => spots.get(key);

/**
 * Scrolls to `spot`, again on each frame while the page is not yet tall enough for it (a
 * section still arriving), for at most RESTORE_WITHIN_MS; the person scrolling stops it.
 */
export const restoreScroll = (spot: ScrollSpot): void => {
  const run = ++restoreRun;
  const started = performance.now();
  const step = () => {
    if (run !== restoreRun) return;
    window.scrollTo(spot.x, spot.y);
    lastSpot = here();
    if (isAt(lastSpot, spot) || performance.now() - started > RESTORE_WITHIN_MS)
      return;
    requestAnimationFrame(step);
  };
  step();
};

/** Scrolls to the element a fragment names, else to the top (a traversal to an unknown spot). */
export const scrollToFragment = (hash: string): void => {
  restoreRun++;
  const target =
    hash.length > 1 ? document.getElementById(hash.slice(1)) : null;
  if (target) target.scrollIntoView({ block: 'start' });
  else window.scrollTo(0, 0);
  lastSpot = here();
};

/**
 * On `pagehide`: the position as of the last scroll event, not read again, since reading the
 * scroll position of a page with pending style changes lays it out (3.3 ms traced as the home
 * page is left, before the next page can commit).
 */
const save = () => {
  rememberSpot(shownKey, lastSpot);
  try {
    sessionStore()?.setItem(SCROLL_SPOTS_ITEM, JSON.stringify([...spots]));
  } catch {
    // storage full or refused: a reload starts at the top
  }
};

let booted = false;

/**
 * Starts it all, once, before the page hydrates: manual scroll restoration, a key for the
 * entry on screen, the positions saved by earlier documents of this tab, and — when this load
 * is a reload or a traversal to an entry left at a known position — the scroll to it.
 */
export const bootHistory = (): void => {
  if (booted) return;
  booted = true;
  try {
    history.scrollRestoration = 'manual';
  } catch {
    // not supported: the browser restores on its own, as before
  }
  for (const [key, spot] of parseSpots(
    sessionStore()?.getItem(SCROLL_SPOTS_ITEM) ?? null,
  ))
    rememberSpot(key, spot);
  shownKey = entryKeyOf(history.state) ?? mintEntryKey();
  lastSpot = here();
  const { type } = (performance.getEntriesByType('navigation')[0] ?? {}) as {
    type?: string;
  };
  const spot = spots.get(shownKey);
  if (spot && (type === 'reload' || type === 'back_forward'))
    restoreScroll(spot);
  addEventListener(
    'scroll',
    () => {
      lastSpot = here();
    },
    { passive: true },
  );
  // the person takes over: a restore still trying stops
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, () => restoreRun++, { passive: true });
  addEventListener('pagehide', save);
  // a fragment link followed by the browser makes an entry with no state: name it
  addEventListener('hashchange', () => {
    const key = entryKeyOf(history.state);
    shownKey = key ?? mintEntryKey();
  });
};

/** What a traversal within the document is waiting for. */
export type PendingPop = {
  /** The entry traversed to (undefined: one this page never named). */
  readonly to: string | undefined;
  readonly route: KeptRoute & { readonly hash: string };
};

type PopHandler = (pop: PendingPop) => boolean;
let popHandler: PopHandler | undefined;

/**
 * A traversal (Back, Forward, `history.go`) the router is about to handle, handed over by
 * `interceptPop` (`history-boot.ts`): the position being left is remembered exactly (nothing has
 * moved yet), then `HistoryNavigation` shows the entry and the router's own handling (which
 * refetches and scrolls to the top) is skipped. Without a handler mounted the router handles it
 * as before.
 */
const takePop = (route: {
  path: string;
  query: string;
  hash: string;
}): boolean => {
  if (!popHandler) return false;
  // a newer build is live: the build watcher loads the page in full
  if (document.documentElement.dataset.newBuild) {
    save();
    return true;
  }
  rememberSpot(shownKey, here());
  return popHandler({
    to: entryKeyOf(history.state),
    route: { path: route.path, query: route.query, hash: route.hash },
  });
};

/**
 * `HistoryNavigation` takes the traversals while it is mounted (`<html data-history-ready>`
 * says so: it arrives in its own chunk, right after the page's first JS).
 */
export const handlePops = (handler: PopHandler): (() => void) => {
  popHandler = handler;
  takePopsWith(takePop);
  document.documentElement.dataset.historyReady = '';
  return () => {
    if (popHandler !== handler) return;
    popHandler = undefined;
    takePopsWith(undefined);
    delete document.documentElement.dataset.historyReady;
  };
};
