import {
  startTransition,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

import type { IslandMark } from '../island-data.ts';

const root = () => document.documentElement;

/** `<html data-hydrated="true">`: the page has hydrated, every streamed section included. */
const pageHydrated = () => root().dataset.hydrated === 'true';

const onPageHydrated = (change: () => void) => {
  const watch = new MutationObserver(change);
  watch.observe(root(), { attributeFilter: ['data-hydrated'] });
  return () => watch.disconnect();
};

/** A marked element of the page, the mount point appended to it, and its props. */
export type Island<P> = {
  readonly element: Element;
  readonly mount: HTMLElement;
  readonly props: P;
};

/**
 * The islands of one kind the server marked in the page, each claimed once: its props read
 * from the attribute (an element whose value is not ours is left alone) and a mount point
 * appended for the widget's portal (at once, or on first sight with `lookAhead`). Client navigations bring new islands, so the page is watched;
 * islands whose element has left it are dropped. `kind` must be stable (a module constant).
 * Nothing is claimed before the page has hydrated, streamed sections included (page-hydrated.ts):
 * a mount point appended to a section React has not hydrated yet is markup the server did not
 * write, and React would throw the section's markup away (error #418).
 */
export const useIslands = <P>(
  kind: IslandMark<P>,
  {
    lookAhead,
  }: {
    /**
     * Claim an element only when it comes this near the viewport (an IntersectionObserver
     * root margin), so a widget below the fold costs the page nothing until someone scrolls
     * towards it; without it every marked element is claimed at once.
     */
    lookAhead?: string;
  } = {},
): readonly Island<P>[] => {
  const [islands, setIslands] = useState<readonly Island<P>[]>([]);
  const whole = useSyncExternalStore(onPageHydrated, pageHydrated, () => false);
  useEffect(() => {
    if (!whole) return;
    const seen = new WeakSet<Element>();
    // the elements claimed so far: a page change that neither brings nor drops one (a
    // countdown's text, a live price) costs a scan and no render
    let claimed: Element[] = [];
    const claimAll = (elements: Iterable<Element>) => {
      const found: Island<P>[] = [];
      for (const element of elements) {
        const props = kind.parse(element.getAttribute(kind.attribute));
        if (props === undefined) continue;
        const mount = document.createElement('div');
        element.append(mount);
        found.push({ element, mount, props });
      }
      const connected = claimed.filter((element) => element.isConnected);
      if (!found.length && connected.length === claimed.length) return;
      claimed = [...connected, ...found.map((island) => island.element)];
      // a transition: React renders the islands in slices of a few milliseconds, so a page
      // with several widgets never holds the main thread in one long task
      startTransition(() => {
        setIslands((list) => {
          const kept = list.filter((i) => i.element.isConnected);
          return found.length || kept.length !== list.length
            ? [...kept, ...found]
            : list;
        });
      });
    };
    const sight =
      lookAhead !== undefined
        ? new IntersectionObserver(
            (entries) => {
              const near = entries
                .filter((entry) => entry.isIntersecting)
                .map((entry) => entry.target);
              for (const element of near) sight?.unobserve(element);
              if (near.length) claimAll(near);
            },
            { rootMargin: lookAhead },
          )
        : undefined;
    const scan = () => {
      const fresh: Element[] = [];
      for (const element of document.querySelectorAll(`[${kind.attribute}]`))
        if (!seen.has(element)) {
          seen.add(element);
          if (sight) sight.observe(element);
          else fresh.push(element);
        }
      claimAll(fresh);
    };
    scan();
    const changes = new MutationObserver(scan);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      sight?.disconnect();
    };
  }, [kind, lookAhead, whole]);
  return islands;
};
