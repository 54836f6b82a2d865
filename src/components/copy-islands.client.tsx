'use client';

import { useEffect } from 'react';
import { createPortal } from 'react-dom';

import { useIslands } from '../lib/client/use-islands.ts';
import { CopyButton } from './copy-button.client.tsx';
import { COPY_ISLAND, type CopyProps } from './copy-island.ts';

/** The live button, marking its island live once drawn (the server's disabled one then hides). */
const LiveCopy = ({ element, ...props }: CopyProps & { element: Element }) => {
  useEffect(() => {
    element.setAttribute('data-live', '');
    return () => element.removeAttribute('data-live');
  }, [element]);
  return <CopyButton {...props} />;
};

/**
 * The Copy buttons the server marked (part of the widgets chunk, which loads after the page is
 * interactive, decision 0005): each gets its live button. Client navigations bring new ones:
 * the page is watched.
 */
export const CopyIslands = () =>
  useIslands(COPY_ISLAND).map((island) =>
    createPortal(
      <LiveCopy element={island.element} {...island.props} />,
      island.mount,
    ),
  );
