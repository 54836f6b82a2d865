'use client';

import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState, type ComponentType } from 'react';

import { recoverFromChunkError } from '../lib/client/recovery.ts';
import {
  loginAtom,
  redeemAtom,
  subscribeAtom,
  transferAtom,
  type LoginRequest,
  type RedeemRequest,
  type SubscribeRequest,
  type TransferRequest,
} from '../lib/client/store.ts';

type LoginDialogType = ComponentType<{ request: LoginRequest }>;
type TransferDialogType = ComponentType<{ request: TransferRequest }>;
type SubscribeDialogType = ComponentType<{ request: SubscribeRequest }>;
type RedeemDialogType = ComponentType<{ request: RedeemRequest }>;

/** Loaded on first open only: the dialogs and react-aria's form widgets stay out of the page's first JS. */
const loadLogin = () =>
  import('../features/account/login-dialog.client.tsx').then(
    (m) => m.LoginDialog,
  );
const loadTransfer = () =>
  import('../features/transfer/transfer-dialog.client.tsx').then(
    (m) => m.TransferDialog,
  );

const loadSubscribe = () =>
  import('../features/subscribe/subscribe-dialog.client.tsx').then(
    (m) => m.SubscribeDialog,
  );

const loadRedeem = () =>
  import('../features/redeem/redeem-dialog.client.tsx').then(
    (m) => m.RedeemDialog,
  );

let subscribeModule: SubscribeDialogType | undefined;
let redeemModule: RedeemDialogType | undefined;
let loginModule: LoginDialogType | undefined;
let transferModule: TransferDialogType | undefined;

/**
 * Where the login modal and the transfer dialog live. A dialog is in the DOM only while it is
 * open (§4: removed on close); its code is fetched the first time it opens, and a failed fetch
 * is a chunk error (one guarded reload, with the store kept).
 */
export const DialogHost = () => {
  const { t } = useLingui();
  const store = useStore();
  const login = useAtomValue(loginAtom);
  const transfer = useAtomValue(transferAtom);
  const [LoginDialog, setLoginDialog] = useState(() => loginModule);
  const [TransferDialog, setTransferDialog] = useState(() => transferModule);
  const subscription = useAtomValue(subscribeAtom);
  const [SubscribeDialog, setSubscribeDialog] = useState(() => subscribeModule);
  const redemption = useAtomValue(redeemAtom);
  const [RedeemDialog, setRedeemDialog] = useState(() => redeemModule);
  const failed = t`Part of this page could not be loaded. Reload the page to get the latest version of the site.`;

  useEffect(() => {
    if (!login || LoginDialog) return;
    loadLogin()
      .then((component) => {
        loginModule = component;
        setLoginDialog(() => component);
      })
      .catch(() => {
        store.set(loginAtom, null);
        recoverFromChunkError(failed);
      });
  }, [login, LoginDialog, store, failed]);

  useEffect(() => {
    if (!transfer || TransferDialog) return;
    loadTransfer()
      .then((component) => {
        transferModule = component;
        setTransferDialog(() => component);
      })
      .catch(() => {
        store.set(transferAtom, null);
        recoverFromChunkError(failed);
      });
  }, [transfer, TransferDialog, store, failed]);

  useEffect(() => {
    if (!subscription || SubscribeDialog) return;
    loadSubscribe()
      .then((component) => {
        subscribeModule = component;
        setSubscribeDialog(() => component);
      })
      .catch(() => {
        store.set(subscribeAtom, null);
        recoverFromChunkError(failed);
      });
  }, [subscription, SubscribeDialog, store, failed]);

  useEffect(() => {
    if (!redemption || RedeemDialog) return;
    loadRedeem()
      .then((component) => {
        redeemModule = component;
        setRedeemDialog(() => component);
      })
      .catch(() => {
        store.set(redeemAtom, null);
        recoverFromChunkError(failed);
      });
  }, [redemption, RedeemDialog, store, failed]);

  return (
    <>
      {subscription && SubscribeDialog ? (
        <SubscribeDialog key={subscription.key} request={subscription} />
      ) : null}
      {redemption && RedeemDialog ? (
        <RedeemDialog key={redemption.key} request={redemption} />
      ) : null}
      {login && LoginDialog ? <LoginDialog request={login} /> : null}
      {transfer && TransferDialog ? (
        <TransferDialog key={transfer.key} request={transfer} />
      ) : null}
    </>
  );
};
