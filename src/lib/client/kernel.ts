/**
 * The few bytes every page loads (the first JS stays close to the framework's own, decision 0005):
 * tiny external stores for what the always-present pieces share — navigations in flight (the
 * loading bar), the global error state, whether the widgets chunk is wanted (see
 * lib/client/widgets-door.ts), and how to save the store before a reload.
 */

import type { AccountType, Coin } from '../config/vocabulary.ts';

type Listener = () => void;

const createSignal = <T>(initial: T) => {
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

/**
 * Who the widgets' store says is here: 'unknown' until it knows (the widgets chunk mirrors its
 * user into this), so the header's first JS keeps its own guest buttons — the same elements,
 * focus and all — and swaps only to the user menu.
 */
export const accountState = createSignal<'unknown' | 'guest' | 'user'>(
  'unknown',
);

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

/** Saves the jotai store before a guarded reload, once the widgets registered how. */
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
