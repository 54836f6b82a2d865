'use client';

import { Suspense } from 'react';
import { createPortal } from 'react-dom';

import { lazyChunk } from '../../lib/client/on-first-use.ts';
import { useIslands } from '../../lib/client/use-islands.ts';
import { MARKETS_ISLAND } from './island.ts';

const LiveMarkets = lazyChunk(
  () => import('./live-markets.client.tsx'),
  (m) => m.default,
);

/** How far below the viewport a market table may still be when its chunk starts loading. */
const LOOK_AHEAD = '600px 0px';

/**
 * The live market tables (part of the widgets chunk, which loads after the page is interactive,
 * decision 0005): finds the market islands the server marked, and when one comes into sight
 * loads the live chunk, which polls and, from the first new figures on, renders the live table
 * into it; the server's table is then hidden (`data-live` on the island). Client navigations
 * bring new islands: the page is watched.
 */
export const LiveMarketIslands = () => {
  const islands = useIslands(MARKETS_ISLAND, { lookAhead: LOOK_AHEAD });
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
