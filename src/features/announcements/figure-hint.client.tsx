'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

import type { FigureTooltipProps } from './figure-tooltip.client.tsx';

let tooltip: Promise<ComponentType<FigureTooltipProps>> | undefined;

/**
 * The island of `FigureHint`: shows the server's plain button (`children`) until, 300 ms after
 * hydration, the react-aria tooltip (its own chunk, never in the first JS) replaces it.
 */
export const FigureHintIsland = ({
  label,
  text,
  children,
}: FigureTooltipProps & { children: ReactNode }) => {
  const [hadFocus, setHadFocus] = useState(false);
  const [Tooltip, setTooltip] =
    useState<ComponentType<FigureTooltipProps> | null>(null);
  useEffect(() => {
    // after hydration, off the critical path: the page is interactive before the tooltip loads
    // (a late answer after unmount is a no-op set-state)
    const timer = window.setTimeout(() => {
      (tooltip ??= import('./figure-tooltip.client.tsx').then(
        (m) => m.FigureTooltip,
      )).then(
        (component) => {
          // the swap keeps keyboard focus where it was
          setHadFocus(
            document.activeElement?.getAttribute('aria-label') === label,
          );
          setTooltip(() => component);
        },
        () => undefined, // the plain button stays: the explanation is still its description
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [label]);
  return Tooltip ? (
    <Tooltip label={label} text={text} restoreFocus={hadFocus} />
  ) : (
    children
  );
};
