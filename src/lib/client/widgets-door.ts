import type { ComponentType } from 'react';

import { widgetsWanted, type SubscribeOrder } from './kernel.ts';
import { onFirstUse } from './on-first-use.ts';

/**
 * The one door to the widgets chunk (the widgets' signals, request client, toasts, dialogs, user menu,
 * build watcher): fetched a second after the page starts, at once when a session exists, or on
 * first use (a click on Log in) — never part of the page's first JS.
 *
 * The door is here, in lib, so that features and components can open it without importing the
 * shell (dependencies point one way, decision 0040): the shell's app root, which every page's
 * first JS evaluates before anything can be clicked, hands the door its chunk with
 * `provideWidgets`.
 */
export type WidgetsModule = {
  readonly Widgets: ComponentType<{ session: boolean }>;
  readonly AccountArea: ComponentType;
  readonly openLogin: (
    mode: 'login' | 'signup',
    onSuccess?: () => void,
  ) => void;
  readonly openTransfer: () => void;
  readonly openSubscribe: (order: SubscribeOrder) => void;
  readonly requireLogin: (action: () => void) => void;
  readonly saveSnapshot: () => void;
};

// set before anything can ask for it: the app root's module provides it as it is evaluated
let importWidgets: () => Promise<WidgetsModule>;

/** The shell's app root says where the widgets chunk is (its own dynamic import). */
export const provideWidgets = (load: () => Promise<WidgetsModule>): void => {
  importWidgets = load;
};

/**
 * The widgets chunk, fetched once (a failed fetch may be retried), without asking for them to
 * mount: the fetch starts in the caller's task (the bundler adds a modulepreload link for each
 * chunk it needs), so the timer that starts them a second in fetches in one task and mounts in
 * the next (decision 0027).
 */
export const fetchWidgets: () => Promise<WidgetsModule> = onFirstUse(() =>
  importWidgets(),
);

/** The widgets chunk, wanted now: fetched if it is not yet, and mounted. */
export const loadWidgets = (): Promise<WidgetsModule> => {
  widgetsWanted.set(true);
  return fetchWidgets();
};
