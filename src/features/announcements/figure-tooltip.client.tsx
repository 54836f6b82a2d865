'use client';

import { useEffect, useRef, useState } from 'react';
import {
  Button,
  OverlayArrow,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';

export type FigureTooltipProps = {
  label: string;
  text: string;
  /** The plain button it replaces had focus: take it over. */
  restoreFocus?: boolean;
  /** Open from the start (a pointer over the plain button, or its tap, brought it). */
  defaultOpen?: boolean;
};

/**
 * The spec's tooltip (max width 294 px, `.figure-tooltip`) on react-aria: hover and keyboard
 * focus open it (react-aria's rules), a tap or click toggles it so touch reaches it too, Escape
 * and a tap elsewhere close it.
 */
export const FigureTooltip = ({
  label,
  text,
  restoreFocus = false,
  defaultOpen = false,
}: FigureTooltipProps) => {
  const [open, setOpen] = useState(defaultOpen);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (restoreFocus) button.current?.focus();
  }, [restoreFocus]);
  return (
    <TooltipTrigger isOpen={open} onOpenChange={setOpen} delay={300}>
      <Button
        className="figure-hint"
        aria-label={label}
        ref={button}
        onPress={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">i</span>
      </Button>
      <Tooltip className="figure-tooltip" offset={8}>
        <OverlayArrow className="figure-tooltip-arrow">
          <svg width={12} height={6} viewBox="0 0 12 6" aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
        {text}
      </Tooltip>
    </TooltipTrigger>
  );
};
