'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { focusLost, useHydrated } from '../../lib/client/focus.ts';
import { accountStateOf, useSignal, user } from '../../lib/client/kernel.ts';
import { loginThen } from '../../lib/client/login-then.ts';
import { onFirstUse } from '../../lib/client/on-first-use.ts';
import { NOT_LOGGED_IN } from '../../lib/http/ret-codes.ts';

type Action = 'idle' | 'pending' | 'joined' | 'login';

const COMPETITION_CLOSED = 75001;

const loadActions = onFirstUse(() => import('./actions.ts'));

/**
 * The competition's Join action. A guest is asked to log in first (the login modal) and joins
 * right after; a trader joins through the API, told so by a toast. Once the account is known
 * (the widgets set `user` in kernel.ts), the button reads the trader's entry and shows
 * "Joined" instead. While a request runs it stays focusable (aria-disabled, presses ignored);
 * disabled until hydrated, and when `open` is false (joining has closed).
 */
export const JoinButton = ({
  name,
  lang,
  open,
}: {
  name: string;
  lang: string;
  open: boolean;
}) => {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const account = accountStateOf(useSignal(user, 'unknown'));
  const [action, setAction] = useState<Action>('idle');
  /** What the account's entry says (undefined until read for this account). */
  const [entry, setEntry] = useState<boolean | undefined>(undefined);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (account !== 'user') return;
    let live = true;
    void loadActions()
      .then((actions) => actions.getEntry(lang, name))
      .catch(() => ({ ok: false as const, code: 0 }))
      .then((read) => {
        if (live) setEntry(read.ok && read.value.joined);
      });
    return () => {
      live = false;
    };
  }, [account, lang, name]);

  const toastText = {
    joined: t`You have joined the competition. Your futures trades now count towards the leaderboard.`,
    closed: t`Joining has closed: the trading phase of this competition is over.`,
    failed: t`Could not join the competition. Please try again.`,
  };
  const join = async () => {
    setAction('pending');
    const actions = await loadActions().catch(() => undefined);
    const result = actions
      ? await actions.joinCompetition(lang, name)
      : { ok: false as const, code: 0 };
    if (result.ok) {
      setAction('joined');
      void actions?.notify({ kind: 'success', title: toastText.joined });
      return;
    }
    if (result.code === NOT_LOGGED_IN) {
      setAction('login');
      loginThen(
        () => void join(),
        () => setAction('idle'),
      );
      return;
    }
    setAction('idle');
    const closed = result.code === COMPETITION_CLOSED;
    void actions?.notify({
      kind: 'error',
      title: closed ? toastText.closed : toastText.failed,
    });
  };

  const joined =
    account !== 'guest' &&
    (action === 'joined' || (account === 'user' && entry === true));
  const checking =
    account === 'user' && entry === undefined && action === 'idle';
  const state = joined ? 'joined' : checking ? 'checking' : action;
  useEffect(() => {
    if (joined && focusLost()) status.current?.focus();
  }, [joined]);
  const busy = action === 'pending' || checking;
  return (
    <div className="join">
      {joined ? null : (
        <button
          type="button"
          className="button button-primary join-button"
          disabled={!hydrated || !open}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void join();
          }}
        >
          {t`Join the competition`}
        </button>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={`join-${state}`}
      >
        {joined
          ? t`✓ Joined: your trades count towards the leaderboard.`
          : state === 'login'
            ? t`Log in to join the competition.`
            : open
              ? ''
              : t`Joining has closed.`}
      </p>
    </div>
  );
};
