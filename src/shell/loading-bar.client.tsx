'use client';

import { useEffect, useRef } from 'react';

import { navPending, useSignal } from '../lib/client/kernel.ts';
import {
  barFrame,
  settledAt,
  type BarFrame,
} from '../lib/client/loading-progress.ts';

/** Styles set through the CSSOM, never as a style attribute (the CSP allows no inline styles). */
const paint = (element: HTMLDivElement | null, frame: BarFrame): void => {
  if (!element) return;
  element.style.scale = `${frame.progress / 100} 1`;
  element.style.opacity = frame.visible ? '1' : '0';
  element.toggleAttribute('data-visible', frame.visible);
};

/**
 * The loading bar on client navigation (spec §4, §9): 3 px in the teal primary colour, shown
 * only for navigations longer than 200 ms, climbing towards 100 while the next page loads,
 * full on arrival, hidden 500 ms later and reset 400 ms after that. Decorative for screen
 * readers (the page's own heading announces the arrival).
 */
export const LoadingBar = () => {
  const pending = useSignal(navPending, 0) > 0;
  const bar = useRef<HTMLDivElement>(null);
  const timeline = useRef<{ startedAt: number; finishedAt?: number }>(
    undefined,
  );

  useEffect(() => {
    const now = performance.now();
    if (pending) {
      if (!timeline.current || timeline.current.finishedAt !== undefined)
        timeline.current = { startedAt: now };
    } else if (timeline.current && timeline.current.finishedAt === undefined) {
      timeline.current = { ...timeline.current, finishedAt: now };
    }
    const current = timeline.current;
    if (!current) return;
    let raf = 0;
    const tick = () => {
      const at = performance.now();
      paint(bar.current, barFrame(current.startedAt, current.finishedAt, at));
      if (
        current.finishedAt === undefined ||
        at < settledAt(current.finishedAt)
      )
        raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [pending]);

  return <div className="zmx-pv-loading-bar" aria-hidden="true" ref={bar} />;
};
