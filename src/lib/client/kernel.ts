/**
 * The one client store (decisions 0005, 0043, 0045): tiny external stores ("signals"), each a
 * value with `get`, `set` and `subscribe`, read in a component with `useSignal` (React's
 * `useSyncExternalStore`) and written with `.set` from anywhere. A signal lives for the page's
 * whole life: client navigations re-render the server tree, never the signals.
 *
 * This module holds what the page's first JS reads — navigations in flight (the loading bar),
 * the global error state, whether the widgets chunk is wanted (see lib/client/widgets-door.ts),
 * the header's menus, who is here, and where the focus goes after a login. What only the
 * widgets read (dialog requests, drafts, balances, toasts, the new-build flag) is made with the
 * same `createSignal` in store.ts, which the widgets chunk loads. Each value lives once.
 */

import { useSyncExternalStore } from 'react';

import type { AccountType, Coin } from '../config/vocabulary.ts';

type Listener = () => void;

export type Signal<T> = {
  readonly get: () => T;
  readonly set: (next: T) => void;
  readonly subscribe: (listener: Listener) => () => void;
};

/** A value that tells its subscribers when it changes (`Object.is`). */
export const createSignal = <T>(initial: T): Signal<T> => {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: (): T => value,
    set: (next: T): void => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** Client navigations in flight (a pending site-link navigation counts one). */
export const navPending = createSignal(0);

export type GlobalError = {
  readonly message: string;
  /** Where to go when the person clears the error (optional redirect, spec §4). */
  readonly redirectTo?: string | undefined;
};
/** The global error state (spec §4): set on error, cleared on request. */
export const globalError = createSignal<GlobalError | null>(null);

/** Set once something needs the widgets now (a session, a click on Log in, a toast). */
export const widgetsWanted = createSignal(false);

/**
 * The header's menu buttons are server HTML that the widgets chunk brings to life (`NavMenus`,
 * decision 0019). Until it has (`navMenusReady`), a click on one wants the widgets and is kept
 * here, to be answered when they mount.
 */
export const navButtonPending = createSignal<HTMLButtonElement | null>(null);
export const navMenusReady = createSignal(false);

export type UserInfo = {
  readonly uid: string;
  /** Masked by the API ('de***@example-exchange.com'). */
  readonly email: string;
  readonly nickname: string;
  readonly vip: number;
};

/** 'unknown' until the user info answered (or no session hint: then null at once). */
export type UserState = UserInfo | null | 'unknown';

/**
 * Who is here: set by the widgets (session sync, login, logout, any call answered
 * NOT_LOGGED_IN), read by the header's first JS, the page buttons and the widgets alike.
 */
export const user = createSignal<UserState>('unknown');

export type AccountState = 'unknown' | 'guest' | 'user';
/**
 * The user as the first JS needs it: 'unknown' until the widgets know, so the header keeps its
 * own guest buttons — the same elements, focus and all — and swaps only to the user menu.
 */
export const accountStateOf = (state: UserState): AccountState =>
  state === 'unknown' ? 'unknown' : state ? 'user' : 'guest';

/** A signal's value in a component, which renders again when it changes. */
export const useSignal = <T>(signal: Signal<T>, serverValue: T): T =>
  useSyncExternalStore(signal.subscribe, signal.get, () => serverValue);

/**
 * Where the keyboard focus goes when a login or logout replaces the element that had it: the
 * account menu button, or Log in. The element that mounts takes it (see focus.ts).
 */
export const accountFocus = createSignal<'menu' | 'login' | null>(null);

/** A subscription a page offers (savings product or launchpad project), spec §1. */
export type SubscribeOrder = {
  readonly kind: 'savings' | 'launchpad';
  /** Product or project id. */
  readonly target: string;
  /** What the product or project is called, as the page shows it. */
  readonly name: string;
  readonly coin: Coin;
  /** The account the amount is taken from. */
  readonly account: Extract<
    AccountType,
    'ACCOUNT_TYPE_FUND' | 'ACCOUNT_TYPE_SPOT'
  >;
  /** Decimal strings. */
  readonly min: string;
  readonly max: string;
  /** A savings product's rate bands (decimal strings; `upTo: null` is the last band). */
  readonly rates?: readonly {
    readonly upTo: string | null;
    readonly apr: string;
  }[];
};

/** Saves the widgets' state before a guarded reload, once the widgets registered how (store.ts). */
let snapshotSaver: (() => void) | undefined;
export const setSnapshotSaver = (save: () => void): void => {
  snapshotSaver = save;
};
export const saveSnapshotIfAny = (): void => snapshotSaver?.();

/** The regional frame's script URL when the deployment has one (AppRoot sets it). */
let frameUrl = '';
export const setFrameUrl = (url: string): void => {
  frameUrl = url;
};
export const getFrameUrl = (): string => frameUrl;
