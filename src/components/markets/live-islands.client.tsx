'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { ISLAND_ATTRIBUTE, parseIsland, type IslandProps } from './island.ts';

const LiveMarkets = lazy(() => import('./live-markets.client.tsx'));

/** How far below the viewport an island may still be when its chunk starts loading. */
const LOOK_AHEAD = '600px 0px';

type Island = {
  readonly element: Element;
  readonly mount: HTMLElement;
  readonly props: IslandProps;
};

const connected = (list: Island[]): Island[] =>
  list.every((i) => i.element.isConnected)
    ? list
    : list.filter((i) => i.element.isConnected);

/**
 * The live market tables (part of the widgets chunk, which loads after the page is interactive,
 * decision 0005): finds the market islands the server marked, and when one comes into sight
 * loads the live chunk and renders the live table into it; the server's table is then hidden
 * (`data-live` on the island). Client navigations bring new islands: the page is watched.
 */
export const LiveMarketIslands = () => {
  const [islands, setIslands] = useState<Island[]>([]);
  useEffect(() => {
    const seen = new WeakSet<Element>();
    const claim = (element: Element) => {
      const props = parseIsland(element.getAttribute(ISLAND_ATTRIBUTE));
      if (!props) return;
      const mount = document.createElement('div');
      element.append(mount);
      setIslands((list) => [...connected(list), { element, mount, props }]);
    };
    const sight = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) {
            sight.unobserve(entry.target);
            claim(entry.target);
          }
      },
      { rootMargin: LOOK_AHEAD },
    );
    const scan = () => {
      for (const element of document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`))
        if (!seen.has(element)) {
          seen.add(element);
          sight.observe(element);
        }
      setIslands(connected);
    };
    scan();
    const changes = new MutationObserver(scan);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      sight.disconnect();
    };
  }, []);
  return islands.map((island) =>
    createPortal(
      <Suspense fallback={null}>
        <LiveMarkets
          {...island.props}
          onShown={() => island.element.setAttribute('data-live', '')}
        />
      </Suspense>,
      island.mount,
    ),
  );
};
