'use client';

import { useStore } from 'jotai';
import { useEffect } from 'react';

import { fetchUser } from '../features/account/api.ts';
import { useClientApi } from '../lib/client/api.ts';
import { accountState } from '../lib/client/kernel.ts';
import {
  balancesAtom,
  restoreSnapshot,
  userAtom,
} from '../lib/client/store.ts';
import { setLoginId } from '../lib/client/telemetry.ts';

let restored = false;

/**
 * Starts the store's user from the session hint: puts back what a guarded reload saved (once
 * per page life), then fetches the user info when the request carried a token cookie, or
 * marks the visitor a guest when it did not. Later changes come from the widgets: login,
 * logout, and any call answered NOT_LOGGED_IN (useClientApi).
 */
export const SessionSync = ({ session }: { session: boolean }) => {
  const store = useStore();
  const api = useClientApi();
  useEffect(() => {
    if (!restored) {
      restored = true;
      restoreSnapshot(store);
    }
  }, [store]);
  useEffect(() => {
    // analytics carry the logged-in user's id (spec §3 login id); the header's first JS
    // learns whether to show the guest buttons or the user menu
    const follow = () => {
      const user = store.get(userAtom);
      setLoginId(user && user !== 'unknown' ? user.uid : '');
      accountState.set(
        user === 'unknown' ? 'unknown' : user ? 'user' : 'guest',
      );
    };
    follow();
    return store.sub(userAtom, follow);
  }, [store]);
  useEffect(() => {
    // the hint decides only the first state: a payload rendered (or prefetched) before a
    // login in this tab says "no session", yet the store already knows the user
    if (store.get(userAtom) !== 'unknown') return;
    if (!session) {
      store.set(userAtom, null);
      store.set(balancesAtom, null);
      return;
    }
    const controller = new AbortController();
    fetchUser(api)
      .then((user) => {
        if (!controller.signal.aborted) store.set(userAtom, user);
      })
      .catch(() => {
        // the toast said what failed; the header stays a guest's
        if (!controller.signal.aborted) store.set(userAtom, null);
      });
    return () => controller.abort();
  }, [api, session, store]);
  return null;
};
