'use client';

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { JOIN_ATTRIBUTE, parseJoin, type JoinProps } from './join-island.ts';

const JoinButton = lazy(() =>
  import('./join-button.client.tsx').then((m) => ({ default: m.JoinButton })),
);

type Island = {
  readonly element: HTMLElement;
  readonly mount: HTMLElement;
  readonly props: JoinProps;
};

/** Marks the island live once its button is in (the server's disabled button then hides). */
const Shown = ({
  element,
  children,
}: {
  element: HTMLElement;
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
  const [islands, setIslands] = useState<Island[]>([]);
  useEffect(() => {
    const seen = new WeakSet<Element>();
    const scan = () => {
      const found: Island[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(
        `[${JOIN_ATTRIBUTE}]`,
      )) {
        if (seen.has(element)) continue;
        seen.add(element);
        const props = parseJoin(element.getAttribute(JOIN_ATTRIBUTE));
        if (!props) continue;
        const mount = document.createElement('div');
        element.append(mount);
        found.push({ element, mount, props });
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
  }, []);
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
