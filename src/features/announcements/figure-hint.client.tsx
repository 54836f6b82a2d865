'use client';

import { useEffect, useId, useRef, useState, type ComponentType } from 'react';

import type { FigureTooltipProps } from './figure-tooltip.client.tsx';

let tooltip: Promise<ComponentType<FigureTooltipProps>> | undefined;
/** The react-aria tooltip, fetched once, after the page is interactive (never in the first JS). */
const loadTooltip = () =>
  (tooltip ??= import('./figure-tooltip.client.tsx').then(
    (m) => m.FigureTooltip,
  ));

/**
 * An ⓘ button beside a figure that needs explaining (spec §9: tooltip max width 294 px). Server
 * HTML and the first render are a plain button described by the explanation (readable without
 * JavaScript and by screen readers); once the page is idle the react-aria tooltip replaces it:
 * it opens on hover, on keyboard focus and on a tap, and Escape closes it.
 */
export const FigureHint = ({
  label,
  text,
}: {
  /** The button's name: 'About the mark price'. */
  label: string;
  /** The explanation the tooltip shows. */
  text: string;
}) => {
  const id = useId();
  const plain = useRef<HTMLButtonElement>(null);
  const [hadFocus, setHadFocus] = useState(false);
  const [Tooltip, setTooltip] =
    useState<ComponentType<FigureTooltipProps> | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      loadTooltip().then(
        (component) => {
          if (!live) return;
          // the swap keeps keyboard focus where it was
          setHadFocus(document.activeElement === plain.current);
          setTooltip(() => component);
        },
        () => undefined, // the plain button stays: the explanation is still its description
      );
    };
    // Safari has no requestIdleCallback: a short timeout after hydration stands in
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const handle = hasIdle
      ? window.requestIdleCallback(load, { timeout: 2000 })
      : window.setTimeout(load, 200);
    return () => {
      live = false;
      if (hasIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  if (Tooltip)
    return <Tooltip label={label} text={text} restoreFocus={hadFocus} />;
  return (
    <>
      <button
        ref={plain}
        type="button"
        className="figure-hint"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => void loadTooltip()}
        onPointerEnter={() => void loadTooltip()}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} className="visually-hidden">
        {text}
      </span>
    </>
  );
};
