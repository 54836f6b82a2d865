import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_DONE_ATTRIBUTE,
  COUNTDOWN_LOCALE_ATTRIBUTE,
  formatCountdown,
} from './countdown.ts';

/** How often the countdowns are redrawn. */
export const TICK_MS = 1000;

/** Redraws every countdown in `root` for the time `now`; one that has run out shows its end text. */
export const tick = (root: ParentNode, now: number): void => {
  for (const element of root.querySelectorAll(`[${COUNTDOWN_ATTRIBUTE}]`)) {
    const target = Date.parse(element.getAttribute(COUNTDOWN_ATTRIBUTE) ?? '');
    if (Number.isNaN(target)) continue;
    const left = target - now;
    if (left <= 0) {
      element.textContent =
        element.getAttribute(COUNTDOWN_DONE_ATTRIBUTE) ?? '';
      element.removeAttribute(COUNTDOWN_ATTRIBUTE);
      continue;
    }
    const text = formatCountdown(
      left,
      element.getAttribute(COUNTDOWN_LOCALE_ATTRIBUTE) ?? 'en',
    );
    if (element.textContent !== text) element.textContent = text;
  }
};

/**
 * Ticks the server-rendered countdowns of the page every second while the tab is visible
 * (paused while hidden, redrawn at once when it shows again). Countdowns that client
 * navigation brings are found on the next tick. Returns the stop function.
 */
export const startCountdowns = (doc: Document): (() => void) => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => tick(doc, Date.now());
  const update = () => {
    if (doc.visibilityState === 'hidden') {
      clearInterval(timer);
      timer = undefined;
    } else if (timer === undefined) {
      run();
      timer = setInterval(run, TICK_MS);
    }
  };
  update();
  doc.addEventListener('visibilitychange', update);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', update);
  };
};
