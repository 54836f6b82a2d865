'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { widgetsWanted } from '../../lib/client/kernel.ts';
import { recoverFromChunkError } from '../../lib/client/recovery.ts';
import { loadWidgets, type WidgetsModule } from './load-widgets.ts';

/** The header's Log in and Sign up buttons (plain buttons: nothing to load before a click). */
export const GuestButtons = ({
  onOpen,
}: {
  onOpen: (mode: 'login' | 'signup') => void;
}) => {
  const { t } = useLingui();
  return (
    <div className="zmx-pv-account">
      <button
        type="button"
        className="button zmx-pv-login"
        data-track="button:login"
        onClick={() => onOpen('login')}
      >
        {t`Log in`}
      </button>
      <button
        type="button"
        className="button button-primary zmx-pv-signup"
        data-track="button:signup"
        onClick={() => onOpen('signup')}
      >
        {t`Sign up`}
      </button>
    </div>
  );
};

/** Holds the place of the user menu while a session's user info is on its way. */
export const AccountPlaceholder = () => (
  <span className="zmx-pv-account zmx-pv-account-pending" aria-hidden="true" />
);

/**
 * The header's account corner in the page's first JS: a guest's buttons, or a placeholder when
 * the request carried a session. Once the widgets chunk is in, its AccountArea takes over
 * (guest buttons or the user menu, from the jotai store); a click before that loads it and
 * opens the login modal.
 */
export const AccountCorner = ({ session }: { session: boolean }) => {
  const { t } = useLingui();
  const [widgets, setWidgets] = useState<WidgetsModule | undefined>();
  const wanted = useSyncExternalStore(
    widgetsWanted.subscribe,
    widgetsWanted.get,
    () => false,
  );
  useEffect(() => {
    if (!wanted || widgets) return;
    loadWidgets()
      .then(setWidgets)
      .catch(() => undefined); // AppRoot's boundary recovers from the failed chunk
  }, [wanted, widgets]);

  if (widgets) return <widgets.AccountArea session={session} />;
  if (session) return <AccountPlaceholder />;
  return (
    <GuestButtons
      onOpen={(mode) => {
        loadWidgets()
          .then((w) => w.openLogin(mode))
          .catch(() =>
            recoverFromChunkError(
              t`Part of this page could not be loaded. Reload the page to get the latest version of the site.`,
            ),
          );
      }}
    />
  );
};
