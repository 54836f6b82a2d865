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
import { createSignal, type Signal, type SubscribeOrder } from './kernel.ts';

/**
 * The widgets' part of the one client store (the design's one store for the login, transfer,
 * toast and polling pieces): signals made with kernel.ts's `createSignal`, for the state only the
 * widgets chunk reads — dialog requests, drafts kept across a guarded reload, balances, the
 * toast queue, the new-build flag. Read with `useSignal`, written with `.set`. What the page's
 * first JS reads too (who is here, navigations in flight, the global error) lives in kernel.ts,
 * once (decisions 0043, 0045). Server-rendered pages hold no personal data.
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
/**
 * The request of a dialog recreated on every open (§4): `key` grows each time, so the dialog
 * starts afresh with the given properties.
 */
type Keyed<T> = T & { readonly key: number };
export type TransferRequest = Keyed<TransferProps>;
export type SubscribeRequest = Keyed<SubscribeOrder>;

/** Drafts kept across a guarded reload (§4: the store state survives it). */
export type LoginDraft = { readonly email: string };
export type TransferDraft = TransferProps & { readonly amount: string };

/** A flexible savings position to redeem from ("My savings"), as its row shows it. */
export type RedeemOrder = {
  readonly positionId: string;
  /** The savings product's name, as the page shows it. */
  readonly name: string;
  readonly coin: Coin;
  /** What the position holds (a decimal string): the most that can be redeemed. */
  readonly held: string;
};
export type RedeemRequest = Keyed<RedeemOrder>;

/** The trader's balances, once a dialog asked for them; null for a guest or after a logout. */
export const accountBalances = createSignal<Balances | null>(null);

/** Each dialog's request: set to open it, null while it is closed. */
export const loginRequest = createSignal<LoginRequest | null>(null);
export const transferRequest = createSignal<TransferRequest | null>(null);
export const subscribeRequest = createSignal<SubscribeRequest | null>(null);
export const redeemRequest = createSignal<RedeemRequest | null>(null);

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
export const dialogRequests: {
  readonly [K in DialogKind]: Signal<DialogRequests[K] | null>;
} = {
  login: loginRequest,
  transfer: transferRequest,
  subscribe: subscribeRequest,
  redeem: redeemRequest,
};
export const isDialogKind = (name: string): name is DialogKind =>
  Object.hasOwn(dialogRequests, name);

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

export const loginDraft = createSignal<LoginDraft>({ email: '' });
export const transferDraft = createSignal<TransferDraft | null>(null);
/** Set by the build watcher once a newer build is live: the next navigation is a full load. */
export const newBuild = createSignal(false);

/**
 * The toasts, shown and waiting: react-aria's queue, itself a small store that the toast
 * region and the toast host subscribe to.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });

export const showToast = (content: ToastContent): string =>
  toastQueue.add(content, { timeout: TOAST_LIFE_MS });

export const openLogin = (
  mode: LoginMode = 'login',
  onSuccess?: () => void,
): void => loginRequest.set({ mode, onSuccess });

/** Opens a dialog recreated on every open: its request gets the next `key`. */
const keyedOpener = <T extends object>(request: Signal<Keyed<T> | null>) => {
  let opens = 0;
  return (props: T): void => {
    opens += 1;
    request.set({ ...props, key: opens });
  };
};

export const openSubscribe = keyedOpener<SubscribeOrder>(subscribeRequest);
export const openRedeem = keyedOpener<RedeemOrder>(redeemRequest);
const openTransferWith = keyedOpener<TransferProps>(transferRequest);
export const openTransfer = (props: TransferProps = {}): void =>
  openTransferWith(props);

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
/**
 * A snapshot's outline; each value and toast in it is checked on its own (one bad one is
 * dropped). `atoms` is the name snapshots have had since the widgets' state was jotai atoms: a
 * page of the build before saves the snapshot that this build's page restores.
 */
const snapshotSchema = v.object({
  atoms: v.optional(v.record(v.string(), v.unknown())),
  toasts: v.optional(v.array(v.unknown())),
});

/** One signal a reload keeps: read for the snapshot, put back only when its schema accepts it. */
const persisted = <T>(
  signal: Signal<T>,
  schema: v.GenericSchema<unknown, T>,
) => ({
  read: (): unknown => signal.get(),
  restore: (value: unknown): void => {
    const result = v.safeParse(schema, value);
    if (result.success) signal.set(result.output);
  },
});

/** The signals a reload keeps, by a stable name (a session-storage snapshot, never the token). */
const PERSISTED: Readonly<Record<string, ReturnType<typeof persisted>>> = {
  loginDraft: persisted(loginDraft, loginDraftSchema),
  transferDraft: persisted(transferDraft, transferDraftSchema),
};
export const SNAPSHOT_KEY = 'exchange:store';

export type Snapshot = {
  readonly atoms: Record<string, unknown>;
  readonly toasts: ToastContent[];
};

export const snapshotStore = (): Snapshot => ({
  atoms: Object.fromEntries(
    Object.entries(PERSISTED).map(([name, kept]) => [name, kept.read()]),
  ),
  toasts: toastQueue.visibleToasts.map((t) => t.content),
});

/** Puts a snapshot back; anything malformed (an old build's shape, tampering) is ignored. */
export const restoreStore = (raw: string | null): boolean => {
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
    if (Object.hasOwn(PERSISTED, name)) PERSISTED[name]?.restore(value);
  for (const toast of toasts.slice(0, 5)) {
    const checked = v.safeParse(toastSchema, toast);
    if (checked.success) showToast(checked.output);
  }
  return true;
};

/** Session-storage snapshot of the store for a guarded reload (see recovery.ts). */
export const saveSnapshot = (): void => {
  try {
    sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshotStore()));
  } catch {
    // quota or blocked storage: the reload still happens, the drafts are lost
  }
};

/** Puts back what the last guarded reload saved (once: the snapshot is removed). */
export const restoreSnapshot = (): boolean => {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SNAPSHOT_KEY);
    sessionStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    return false;
  }
  return restoreStore(raw);
};
