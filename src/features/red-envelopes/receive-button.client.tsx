'use client';

import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { focusLost, useHydrated } from '../../lib/client/focus.ts';
import { onFirstUse } from '../../lib/client/on-first-use.ts';
import { NOT_LOGGED_IN } from '../../lib/http/ret-codes.ts';
import { loginThen } from '../../shell/login-then.ts';

type Outcome =
  'idle' | 'pending' | 'received' | 'login' | 'already' | 'expired' | 'failed';
const CODES: Record<number, Outcome> = {
  [NOT_LOGGED_IN]: 'login',
  50003: 'already',
  50002: 'expired',
  50004: 'expired',
};

const loadActions = onFirstUse(() => import('./actions.ts'));

/**
 * Receives the envelope; the answer decides the state shown. "Log in first" opens the login
 * modal and receives right after a successful login. While a request runs the button stays
 * focusable (aria-disabled, presses ignored), so the focus stays on it and the login modal
 * gives it back; once the button goes away its focus goes to the message. Disabled until
 * hydrated (without JavaScript it could do nothing).
 */
export const ReceiveButton = ({
  code,
  lang,
}: {
  code: string;
  lang: string;
}) => {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const hydrated = useHydrated();
  const status = useRef<HTMLParagraphElement>(null);
  const receive = async () => {
    setOutcome('pending');
    const result = await loadActions()
      .then((actions) => actions.receiveEnvelope(lang, code))
      .catch(() => ({ ok: false as const, code: 0 }));
    const next: Outcome = result.ok
      ? 'received'
      : (CODES[result.code] ?? 'failed');
    setOutcome(next);
    if (next === 'login')
      loginThen(
        () => void receive(),
        () => setOutcome('failed'),
      );
  };
  const messages: Record<Outcome, string> = {
    idle: '',
    pending: t`Opening…`,
    received: t`Received! The coins are in your funding account.`,
    login: t`Log in to receive this red envelope.`,
    already: t`You have already received this red envelope.`,
    expired: t`This red envelope can no longer be received.`,
    failed: t`Something went wrong. Please try again.`,
  };
  const done =
    outcome === 'received' || outcome === 'already' || outcome === 'expired';
  useEffect(() => {
    if (done && focusLost()) status.current?.focus();
  }, [done]);
  const pending = outcome === 'pending';
  return (
    <div className="receive">
      {done ? null : (
        <button
          type="button"
          className="button button-primary"
          disabled={!hydrated}
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) void receive();
          }}
        >
          {t`Receive`}
        </button>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={`receive-${outcome}`}
      >
        {messages[outcome]}
      </p>
    </div>
  );
};
