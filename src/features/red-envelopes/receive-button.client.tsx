'use client';

import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { ActionButton } from '../../components/action-button.client.tsx';
import { loginThen } from '../../lib/client/login-then.ts';
import { onFirstUse } from '../../lib/client/on-first-use.ts';
import { NOT_LOGGED_IN } from '../../lib/http/ret-codes.ts';

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
 * modal and receives right after a successful login (the modal gives the focus back to the
 * button, which `ActionButton` keeps focusable while the request runs).
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
  const pending = outcome === 'pending';
  return (
    <ActionButton
      label={t`Receive`}
      message={messages[outcome]}
      pending={pending}
      done={done}
      onPress={() => void receive()}
      className="receive"
      statusClassName={`receive-${outcome}`}
    />
  );
};
