'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { useAccountFocus, useHydrated } from '../../lib/client/focus.ts';
import {
  accountStateOf,
  useSignal,
  user,
  widgetsWanted,
} from '../../lib/client/kernel.ts';
import {
  CHUNK_FAILED,
  recoverFromChunkError,
} from '../../lib/client/recovery.ts';
import {
  loadWidgets,
  type WidgetsModule,
} from '../../lib/client/widgets-door.ts';

/**
 * The header's Log in and Sign up buttons (plain buttons: nothing to load before a click).
 * Disabled until hydrated: without JavaScript they could not open anything. After a logout
 * Log in takes the focus the user menu had.
 */
export const GuestButtons = ({
  onOpen,
}: {
  onOpen: (mode: 'login' | 'signup') => void;
}) => {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const login = useRef<HTMLButtonElement>(null);
  useAccountFocus('login', login);
  return (
    <div className="zmx-pv-account">
      {(
        [
          ['login', 'button zmx-pv-login', t`Log in`],
          ['signup', 'button button-primary zmx-pv-signup', t`Sign up`],
        ] as const
      ).map(([mode, className, label]) => (
        <button
          key={mode}
          ref={mode === 'login' ? login : undefined}
          type="button"
          className={className}
          data-track={`button:${mode}`}
          disabled={!hydrated}
          onClick={() => onOpen(mode)}
        >
          {label}
        </button>
      ))}
    </div>
  );
};

/** Holds the place of the user menu while a session's user info is on its way. */
export const AccountPlaceholder = () => (
  <span className="zmx-pv-account zmx-pv-account-pending" aria-hidden="true" />
);

/**
 * The header's account corner in the page's first JS: a guest's buttons, or a placeholder when
 * the request carried a session. The guest buttons stay these same elements once the widgets
 * chunk is in (the focus stays on them, and a dialog opened from them returns it there); only
 * a known user swaps them for the chunk's user menu (AccountArea). A click before the chunk
 * is in loads it and opens the login modal.
 */
export const AccountCorner = ({ session }: { session: boolean }) => {
  const { t } = useLingui();
  const [widgets, setWidgets] = useState<WidgetsModule | undefined>();
  const wanted = useSignal(widgetsWanted, false);
  const account = accountStateOf(useSignal(user, 'unknown'));
  useEffect(() => {
    if (!wanted || widgets) return;
    loadWidgets()
      .then(setWidgets)
      .catch(() => undefined); // AppRoot's boundary recovers from the failed chunk
  }, [wanted, widgets]);

  if (account === 'user')
    return widgets ? <widgets.AccountArea /> : <AccountPlaceholder />;
  if (account === 'unknown' && session) return <AccountPlaceholder />;
  return (
    <GuestButtons
      onOpen={(mode) => {
        loadWidgets()
          .then((w) => w.openLogin(mode))
          .catch(() => recoverFromChunkError(t(CHUNK_FAILED)));
      }}
    />
  );
};
