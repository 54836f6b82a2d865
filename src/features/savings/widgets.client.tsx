'use client';

import { Suspense } from 'react';
import { createPortal } from 'react-dom';

import { lazyChunk } from '../../lib/client/on-first-use.ts';
import { useIslands } from '../../lib/client/use-islands.ts';
import { ESTIMATE_ISLAND, MY_SAVINGS_ISLAND } from './island.ts';

const EstimateCalculator = lazyChunk(
  () => import('./estimate-calculator.client.tsx'),
  (m) => m.default,
);
const MySavings = lazyChunk(
  () => import('./my-savings.client.tsx'),
  (m) => m.default,
);

/**
 * The savings page's widgets (part of the widgets chunk, which loads after the page is
 * interactive, decision 0005): finds the islands the server marked — the earnings calculator
 * and "My savings" — and renders each into its element, loading its chunk on first use. The
 * server's example and guest prompt stay until the widget has something to show
 * (`data-live` on the element hides them). Client navigations bring new islands: the page is
 * watched.
 */
export const FeatureWidgets = () => {
  // the calculator sits below the product table: it is claimed when it comes near the viewport
  const estimates = useIslands(ESTIMATE_ISLAND, { lookAhead: '0px' });
  const mine = useIslands(MY_SAVINGS_ISLAND, { lookAhead: '0px' });
  return [
    ...estimates.map((island) =>
      createPortal(
        <Suspense fallback={null}>
          <EstimateCalculator
            {...island.props}
            onShown={() => island.element.setAttribute('data-live', '')}
          />
        </Suspense>,
        island.mount,
      ),
    ),
    ...mine.map((island) =>
      createPortal(
        <Suspense fallback={null}>
          <MySavings
            {...island.props}
            onShown={(shown) => {
              if (shown) island.element.setAttribute('data-live', '');
              else island.element.removeAttribute('data-live');
            }}
          />
        </Suspense>,
        island.mount,
      ),
    ),
  ];
};
