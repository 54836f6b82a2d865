'use client';

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { useIslands } from '../../lib/client/use-islands.ts';
import { JOIN_ATTRIBUTE, parseJoin, type JoinProps } from './join-island.ts';

const JoinButton = lazy(() =>
  import('./join-button.client.tsx').then((m) => ({ default: m.JoinButton })),
);

type Island = {
  readonly element: Element;
  readonly mount: HTMLElement;
  readonly props: JoinProps;
};

/** The Join island of a marked element, its mount point appended, or undefined when malformed. */
const claim = (element: Element): Island | undefined => {
  const props = parseJoin(element.getAttribute(JOIN_ATTRIBUTE));
  if (!props) return undefined;
  const mount = document.createElement('div');
  element.append(mount);
  return { element, mount, props };
};

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
export const JoinIslands = () => {
  const islands = useIslands(`[${JOIN_ATTRIBUTE}]`, claim);
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
