import { useEffect, useState } from 'react';

/**
 * The islands the server marked in the page (elements matching `selector`), each claimed once
 * by `claim` (which appends its mount point; undefined: not an island of ours). Client
 * navigations bring new islands, so the page is watched; islands whose element has left it
 * are dropped. `claim` must be stable (a module-level function).
 */
export const useIslands = <T extends { readonly element: Element }>(
  selector: string,
  claim: (element: Element) => T | undefined,
): readonly T[] => {
  const [islands, setIslands] = useState<readonly T[]>([]);
  useEffect(() => {
    const seen = new WeakSet<Element>();
    const scan = () => {
      const found: T[] = [];
      for (const element of document.querySelectorAll(selector))
        if (!seen.has(element)) {
          seen.add(element);
          const island = claim(element);
          if (island) found.push(island);
        }
      setIslands((list) => {
        const kept = list.filter((i) => i.element.isConnected);
        return found.length || kept.length !== list.length
          ? [...kept, ...found]
          : list;
      });
    };
    scan();
    const changes = new MutationObserver(scan);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => changes.disconnect();
  }, [selector, claim]);
  return islands;
};
