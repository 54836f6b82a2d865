import { atom, createStore, getDefaultStore, type PrimitiveAtom } from 'jotai';
import type { ComponentType } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import * as v from 'valibot';

import {
  ACCOUNT_TYPES,
  COINS,
  TOAST_LIFE_MS,
  type AccountType,
  type Coin,
} from '../config/constants.ts';
import type { SubscribeOrder } from './kernel.ts';

/**
 * The jotai store of the client widgets (DESIGN: login, transfer, toast and polling pieces
 * behind a jotai store): the state only the widgets read. What the page's first JS reads too —
 * who is here (`user`), navigations in flight, the global error — lives in kernel.ts instead,
 * once (decision 0043). Server-rendered pages hold no personal data.
 */

export type Balances = Readonly<
  Record<AccountType, Readonly<Record<Coin, string>>>
>;

export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export type ToastContent = {
  readonly kind: ToastKind;
  readonly title: string;
  readonly detail?: string;
};

export type LoginMode = 'login' | 'signup';
export type LoginRequest = {
  readonly mode: LoginMode;
  /** Runs once after a successful login or registration (spec §4). */
  readonly onSuccess?: (() => void) | undefined;
};

export type TransferProps = {
  readonly from?: AccountType | undefined;
  readonly to?: AccountType | undefined;
  readonly coin?: Coin | undefined;
};
/** `key` grows on every open, so the dialog is recreated with the given properties (§4). */
export type TransferRequest = TransferProps & { readonly key: number };

/** Drafts kept across a guarded reload (§4: the store state survives it). */
export type LoginDraft = { readonly email: string };
export type TransferDraft = TransferProps & { readonly amount: string };

export const balancesAtom = atom<Balances | null>(null);
export const loginAtom = atom<LoginRequest | null>(null);
export const transferAtom = atom<TransferRequest | null>(null);
/** The subscribe dialog's order; `key` grows on every open (recreated each time). */
export type SubscribeRequest = SubscribeOrder & { readonly key: number };
export const subscribeAtom = atom<SubscribeRequest | null>(null);
/** A flexible savings position to redeem from ("My savings"), as its row shows it. */
export type RedeemOrder = {
  readonly positionId: string;
  /** The savings product's name, as the page shows it. */
  readonly name: string;
  readonly coin: Coin;
  /** What the position holds (a decimal string): the most that can be redeemed. */
  readonly held: string;
};
/** The redeem dialog's order; `key` grows on every open (recreated each time). */
export type RedeemRequest = RedeemOrder & { readonly key: number };
export const redeemAtom = atom<RedeemRequest | null>(null);
/**
 * The dialogs the dialog host opens, by kind: the request each is opened with. A feature's
 * `<kind>-dialog.client.tsx` exports `dialog = defineDialog(kind, Component)`, and the host
 * finds it by that name (shell/dialog-host.client.tsx).
 */
export type DialogRequests = {
  readonly login: LoginRequest;
  readonly transfer: TransferRequest;
  readonly subscribe: SubscribeRequest;
  readonly redeem: RedeemRequest;
};
export type DialogKind = keyof DialogRequests;
export const dialogAtoms: {
  readonly [K in DialogKind]: PrimitiveAtom<DialogRequests[K] | null>;
} = {
  login: loginAtom,
  transfer: transferAtom,
  subscribe: subscribeAtom,
  redeem: redeemAtom,
};
export const isDialogKind = (name: string): name is DialogKind =>
  Object.hasOwn(dialogAtoms, name);

export type DialogComponent<K extends DialogKind> = ComponentType<{
  request: DialogRequests[K];
}>;
/** What a feature's dialog module exports as `dialog`. */
export type DialogEntry = {
  readonly [K in DialogKind]: {
    readonly kind: K;
    readonly Component: DialogComponent<K>;
  };
}[DialogKind];
export const defineDialog = <K extends DialogKind>(
  kind: K,
  Component: DialogComponent<K>,
): { readonly kind: K; readonly Component: DialogComponent<K> } => ({
  kind,
  Component,
});

export const loginDraftAtom = atom<LoginDraft>({ email: '' });
export const transferDraftAtom = atom<TransferDraft | null>(null);
/** Set by the build watcher once a newer build is live: the next navigation is a full load. */
export const newBuildAtom = atom(false);

const toastQueueAtom = atom(
  () => new ToastQueue<ToastContent>({ maxVisibleToasts: 5 }),
);

export type AppStore = ReturnType<typeof createStore>;

export const toastQueue = (store: AppStore): ToastQueue<ToastContent> =>
  store.get(toastQueueAtom);

export const showToast = (store: AppStore, content: ToastContent): string =>
  toastQueue(store).add(content, { timeout: TOAST_LIFE_MS });

export const openLogin = (
  store: AppStore,
  mode: LoginMode = 'login',
  onSuccess?: () => void,
): void => store.set(loginAtom, { mode, onSuccess });

let subscribeOpens = 0;
export const openSubscribe = (store: AppStore, order: SubscribeOrder) => {
  subscribeOpens += 1;
  store.set(subscribeAtom, { ...order, key: subscribeOpens });
};

let redeemOpens = 0;
export const openRedeem = (store: AppStore, order: RedeemOrder) => {
  redeemOpens += 1;
  store.set(redeemAtom, { ...order, key: redeemOpens });
};

let transferOpens = 0;
export const openTransfer = (store: AppStore, props: TransferProps = {}) => {
  transferOpens += 1;
  store.set(transferAtom, { ...props, key: transferOpens });
};

// ── Persistence across a guarded reload ─────────────────────────────────────────────

const toastSchema = v.object({
  kind: v.picklist(['info', 'success', 'warning', 'error']),
  title: v.string(),
  detail: v.exactOptional(v.string()),
});
const loginDraftSchema = v.object({ email: v.string() });
const transferDraftSchema = v.nullable(
  v.object({
    from: v.optional(v.picklist(ACCOUNT_TYPES)),
    to: v.optional(v.picklist(ACCOUNT_TYPES)),
    coin: v.optional(v.picklist(COINS)),
    amount: v.string(),
  }),
);
/** A snapshot's outline; each atom and toast in it is checked on its own (one bad one is dropped). */
const snapshotSchema = v.object({
  atoms: v.optional(v.record(v.string(), v.unknown())),
  toasts: v.optional(v.array(v.unknown())),
});

/** One atom a reload keeps: read for the snapshot, put back only when its schema accepts it. */
const persisted = <T>(
  atomToKeep: PrimitiveAtom<T>,
  schema: v.GenericSchema<unknown, T>,
) => ({
  read: (store: AppStore): unknown => store.get(atomToKeep),
  restore: (store: AppStore, value: unknown): void => {
    const result = v.safeParse(schema, value);
    if (result.success) store.set(atomToKeep, result.output);
  },
});

/** The atoms a reload keeps, by a stable name (a session-storage snapshot, never the token). */
const PERSISTED: Readonly<Record<string, ReturnType<typeof persisted>>> = {
  loginDraft: persisted(loginDraftAtom, loginDraftSchema),
  transferDraft: persisted(transferDraftAtom, transferDraftSchema),
};
export const SNAPSHOT_KEY = 'exchange:store';

export type Snapshot = {
  readonly atoms: Record<string, unknown>;
  readonly toasts: ToastContent[];
};

export const snapshotStore = (store: AppStore): Snapshot => ({
  atoms: Object.fromEntries(
    Object.entries(PERSISTED).map(([name, kept]) => [name, kept.read(store)]),
  ),
  toasts: toastQueue(store).visibleToasts.map((t) => t.content),
});

/** Puts a snapshot back; anything malformed (an old build's shape, tampering) is ignored. */
export const restoreStore = (store: AppStore, raw: string | null): boolean => {
  if (!raw) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return false;
  }
  const snapshot = v.safeParse(snapshotSchema, parsed);
  if (!snapshot.success) return false;
  const { atoms = {}, toasts = [] } = snapshot.output;
  for (const [name, value] of Object.entries(atoms))
    if (Object.hasOwn(PERSISTED, name)) PERSISTED[name]?.restore(store, value);
  for (const toast of toasts.slice(0, 5)) {
    const checked = v.safeParse(toastSchema, toast);
    if (checked.success) showToast(store, checked.output);
  }
  return true;
};

/**
 * The store: in the browser jotai's default store, one for the page's whole life (client
 * navigations re-render the server tree, never the store), shared by every widget without a
 * Provider in the page's first JS. Widgets render only in the browser; anything else (tests,
 * the server) gets a store of its own.
 */
export const appStore = (): AppStore =>
  typeof window === 'undefined' ? createStore() : getDefaultStore();

/** Session-storage snapshot of the store for a guarded reload (see recovery.ts). */
export const saveSnapshot = (store: AppStore): void => {
  try {
    sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshotStore(store)));
  } catch {
    // quota or blocked storage: the reload still happens, the drafts are lost
  }
};

/** Puts back what the last guarded reload saved (once: the snapshot is removed). */
export const restoreSnapshot = (store: AppStore): boolean => {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SNAPSHOT_KEY);
    sessionStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    return false;
  }
  return restoreStore(store, raw);
};
