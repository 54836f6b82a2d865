'use client';

import { useEffect } from 'react';
import * as v from 'valibot';

import { inOwnTask } from '../../lib/client/own-task.ts';
import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_DONE_ATTRIBUTE,
  COUNTDOWN_STYLE_ATTRIBUTE,
  COUNTDOWN_WORDS_ATTRIBUTE,
  isShown,
  SHOWN_FROM_ATTRIBUTE,
  SHOWN_UNTIL_ATTRIBUTE,
} from './attributes.ts';
import {
  nextTick,
  writeCountdown,
  type CountdownStyle,
  type CountdownWords,
} from './countdown.ts';

const LIVE = 'countdown-live';

/** The live text element this module added to each countdown, and how the countdown reads. */
const liveTexts = new WeakMap<
  Element,
  { text: HTMLElement; words: CountdownWords; style: CountdownStyle }
>();

const WORDS = v.record(v.string(), v.string());

/** The words the server wrote on a countdown (none, or not an object of strings: none). */
const wordsOf = (element: Element): CountdownWords => {
  try {
    const words = v.safeParse(
      WORDS,
      JSON.parse(element.getAttribute(COUNTDOWN_WORDS_ATTRIBUTE) ?? '{}'),
    );
    if (words.success) return words.output;
  } catch {
    // not JSON: the countdown reads its numbers alone
  }
  return {};
};

/** A moment of a `data-shown-*` attribute in ms, or undefined when absent or not a date. */
const momentOf = (element: Element, name: string): number | undefined => {
  const ms = Date.parse(element.getAttribute(name) ?? '');
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * Writes every countdown on the page as of `now` (its end text once one with an end text has run
 * out) and shows or hides every element shown between two moments; the delay until the next
 * change of any.
 */
export const tickCountdowns = (root: ParentNode, now: number): number => {
  let wait = Number.POSITIVE_INFINITY;
  for (const element of root.querySelectorAll<HTMLElement>(
    `[${COUNTDOWN_ATTRIBUTE}]`,
  )) {
    const target = Date.parse(element.getAttribute(COUNTDOWN_ATTRIBUTE) ?? '');
    let live = liveTexts.get(element);
    if (!live) {
      const text = document.createElement('span');
      text.className = LIVE;
      element.append(text);
      element.dataset.live = 'true';
      live = {
        text,
        words: wordsOf(element),
        style:
          element.getAttribute(COUNTDOWN_STYLE_ATTRIBUTE) === 'compact'
            ? 'compact'
            : 'full',
      };
      liveTexts.set(element, live);
    }
    const done = element.getAttribute(COUNTDOWN_DONE_ATTRIBUTE);
    const text =
      done !== null && !(target > now)
        ? done
        : writeCountdown(target, now, live.words, live.style);
    if (live.text.textContent !== text) live.text.textContent = text;
    wait = Math.min(wait, nextTick(target, now));
  }
  for (const element of root.querySelectorAll<HTMLElement>(
    `[${SHOWN_FROM_ATTRIBUTE}], [${SHOWN_UNTIL_ATTRIBUTE}]`,
  )) {
    const from = momentOf(element, SHOWN_FROM_ATTRIBUTE);
    const until = momentOf(element, SHOWN_UNTIL_ATTRIBUTE);
    const hidden = !isShown(from, until, now);
    if (element.hidden !== hidden) element.hidden = hidden;
    for (const moment of [from, until])
      if (moment !== undefined && moment > now)
        wait = Math.min(wait, moment - now);
  }
  return wait;
};

/**
 * Keeps the page's countdowns ticking (part of the widgets chunk, so it costs the first JS
 * nothing): each second while the tab is visible, paused while it is hidden, and for the
 * countdowns a client navigation brings. The server's text stays in the page (hidden once the
 * live one is there), so React's own nodes are never touched.
 */
export const Countdowns = () => {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      const wait = tickCountdowns(document, Date.now());
      if (Number.isFinite(wait)) timer = setTimeout(run, wait);
    };
    // the first tick in a task of its own, not in the one that runs the widgets' effects
    const first = inOwnTask(run);
    const changes = new MutationObserver((records) => {
      const added = records.some((r) =>
        [...r.addedNodes].some(
          (n) =>
            n instanceof Element &&
            (n.matches(`[${COUNTDOWN_ATTRIBUTE}]`) ||
              n.querySelector(`[${COUNTDOWN_ATTRIBUTE}]`) !== null),
        ),
      );
      if (added) run();
    });
    changes.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('visibilitychange', run);
    return () => {
      first();
      clearTimeout(timer);
      changes.disconnect();
      document.removeEventListener('visibilitychange', run);
    };
  }, []);
  return null;
};
