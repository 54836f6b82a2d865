'use client';

import { useEffect } from 'react';

import { fetchUser } from '../features/account/api.ts';
import { useClientApi } from '../lib/client/api.ts';
import { user } from '../lib/client/kernel.ts';
import { accountBalances, restoreSnapshot } from '../lib/client/store.ts';

let restored = false;

/**
 * Starts the user (kernel.ts) from the session hint: puts back what a guarded reload saved (once
 * per page life), then fetches the user info when the request carried a token cookie, or
 * marks the visitor a guest when it did not. Later changes come from the widgets: login,
 * logout, and any call answered NOT_LOGGED_IN (useClientApi).
 */
export const SessionSync = ({ session }: { session: boolean }) => {
  const api = useClientApi();
  useEffect(() => {
    if (!restored) {
      restored = true;
      restoreSnapshot();
    }
  }, []);
  useEffect(() => {
    // the hint decides only the first state: a payload rendered (or prefetched) before a
    // login in this tab says "no session", yet the store already knows the user
    if (user.get() !== 'unknown') return;
    if (!session) {
      user.set(null);
      accountBalances.set(null);
      return;
    }
    const controller = new AbortController();
    fetchUser(api)
      .then((info) => {
        if (!controller.signal.aborted) user.set(info);
      })
      .catch(() => {
        // the toast said what failed; the header stays a guest's
        if (!controller.signal.aborted) user.set(null);
      });
    return () => controller.abort();
  }, [api, session]);
  return null;
};
