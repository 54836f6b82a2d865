'use client';

import { useRef, useState, type ComponentType, type ReactNode } from 'react';

import { onFirstUse } from '../../lib/client/on-first-use.ts';
import type { FigureTooltipProps } from './figure-tooltip.client.tsx';

/** The tooltip's chunk, fetched on the first sign of interest (a failed fetch is asked again). */
const loadTooltip = onFirstUse(() =>
  import('./figure-tooltip.client.tsx').then((m) => m.FigureTooltip),
);

type Loaded = {
  Tooltip: ComponentType<FigureTooltipProps>;
  /** The plain button had the focus: the tooltip's button takes it over. */
  restoreFocus: boolean;
  /** Asked for by a pointer still over it, or by a tap: the tooltip opens at once. */
  open: boolean;
};

/**
 * The client part of `FigureHint`, an ordinary hydrated client component (not an island: see
 * "How UI reaches the page" in docs/architecture.md). Shows the server's plain button
 * (`children`, described by the explanation, so a screen reader and a page without JavaScript
 * have it) until someone shows interest — a pointer over it, the keyboard focus, a tap — and
 * then swaps in the react-aria tooltip (its own chunk, never in the first JS and never loaded
 * by a visitor who does not reach for it), open at once for the pointer or tap that asked.
 */
export const FigureHintTrigger = ({
  label,
  text,
  children,
}: FigureTooltipProps & { children: ReactNode }) => {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const hovered = useRef(false);
  const want = (openOnArrival: boolean) => {
    loadTooltip().then(
      (Tooltip) => {
        setLoaded(
          (current) =>
            current ?? {
              Tooltip,
              restoreFocus:
                document.activeElement?.getAttribute('aria-label') === label,
              open: openOnArrival && hovered.current,
            },
        );
      },
      () => {
        // the chunk did not come: the plain button stays, its explanation still its
        // description, and the next sign of interest asks again
      },
    );
  };
  if (loaded)
    return (
      <loaded.Tooltip
        label={label}
        text={text}
        restoreFocus={loaded.restoreFocus}
        defaultOpen={loaded.open}
      />
    );
  return (
    <span
      className="figure-hint-slot"
      onPointerEnter={() => {
        hovered.current = true;
        want(true);
      }}
      onPointerLeave={(event) => {
        // a finger lifts as it leaves: its tap still counts
        if (event.pointerType !== 'touch') hovered.current = false;
      }}
      onFocus={() => want(false)}
    >
      {children}
    </span>
  );
};
