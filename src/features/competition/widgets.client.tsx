'use client';

import { Suspense, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { lazyChunk } from '../../lib/client/on-first-use.ts';
import { useIslands } from '../../lib/client/use-islands.ts';
import { JOIN_ISLAND } from './join-island.ts';

const JoinButton = lazyChunk(
  () => import('./join-button.client.tsx'),
  (m) => m.JoinButton,
);

/** Marks the island live once its button is in (the server's disabled button then hides). */
const Shown = ({
  element,
  children,
}: {
  element: Element;
  children: ReactNode;
}) => {
  useEffect(() => {
    element.setAttribute('data-live', '');
    return () => element.removeAttribute('data-live');
  }, [element]);
  return children;
};

/**
 * The competition's Join action, per trader (part of the widgets chunk, which loads after the
 * page is interactive, decision 0005): finds the Join islands the server marked and renders
 * the live Join button into each. Client navigations bring new islands: the page is watched.
 */
export const FeatureWidgets = () => {
  const islands = useIslands(JOIN_ISLAND);
  return islands.map((island) =>
    createPortal(
      <Suspense fallback={null}>
        <Shown element={island.element}>
          <JoinButton {...island.props} />
        </Shown>
      </Suspense>,
      island.mount,
    ),
  );
};
