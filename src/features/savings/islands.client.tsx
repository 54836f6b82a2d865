'use client';

import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';

import { useIslands } from '../../lib/client/use-islands.ts';
import {
  ESTIMATE_ATTRIBUTE,
  MY_SAVINGS_ATTRIBUTE,
  parseEstimateIsland,
  parseMySavingsIsland,
  type EstimateIsland,
  type MySavingsIsland,
} from './island.ts';

const EstimateCalculator = lazy(
  () => import('./estimate-calculator.client.tsx'),
);
const MySavings = lazy(() => import('./my-savings.client.tsx'));

type Island =
  | {
      kind: 'estimate';
      element: Element;
      mount: HTMLElement;
      props: EstimateIsland;
    }
  | {
      kind: 'mine';
      element: Element;
      mount: HTMLElement;
      props: MySavingsIsland;
    };

const SELECTOR = `[${ESTIMATE_ATTRIBUTE}], [${MY_SAVINGS_ATTRIBUTE}]`;

/** The island of a marked element, its mount point appended, or undefined when not ours. */
const claim = (element: Element): Island | undefined => {
  const estimate = parseEstimateIsland(
    element.getAttribute(ESTIMATE_ATTRIBUTE),
  );
  const mine = parseMySavingsIsland(element.getAttribute(MY_SAVINGS_ATTRIBUTE));
  if (!estimate && !mine) return undefined;
  const mount = document.createElement('div');
  element.append(mount);
  return estimate
    ? { kind: 'estimate', element, mount, props: estimate }
    : mine
      ? { kind: 'mine', element, mount, props: mine }
      : undefined;
};

/**
 * The savings page's widgets (part of the widgets chunk, which loads after the page is
 * interactive, decision 0005): finds the islands the server marked — the earnings calculator
 * and "My savings" — and renders each into its element, loading its chunk on first use. The
 * server's example and guest prompt stay until the widget has something to show
 * (`data-live` on the element hides them). Client navigations bring new islands: the page is
 * watched.
 */
export const SavingsIslands = () => {
  const islands = useIslands(SELECTOR, claim);
  return islands.map((island) =>
    createPortal(
      <Suspense fallback={null}>
        {island.kind === 'estimate' ? (
          <EstimateCalculator
            {...island.props}
            onShown={() => island.element.setAttribute('data-live', '')}
          />
        ) : (
          <MySavings
            {...island.props}
            onShown={(shown) => {
              if (shown) island.element.setAttribute('data-live', '');
              else island.element.removeAttribute('data-live');
            }}
          />
        )}
      </Suspense>,
      island.mount,
    ),
  );
};
