'use client';

import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { loginThen } from '../../components/app/login-then.ts';
import { loadPageActions } from '../../lib/client/load-page-actions.ts';
import type { Platform } from '../../lib/http/index.ts';

type Outcome =
  'idle' | 'pending' | 'received' | 'login' | 'already' | 'expired' | 'failed';
const CODES: Record<number, Outcome> = {
  10008: 'login',
  50003: 'already',
  50002: 'expired',
  50004: 'expired',
};

/**
 * Receives the envelope; the answer decides the state shown. "Log in first" opens the login
 * modal and receives right after a successful login.
 */
export const ReceiveButton = ({
  code,
  lang,
  platform,
}: {
  code: string;
  lang: string;
  platform: Platform;
}) => {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const receive = async () => {
    setOutcome('pending');
    const result = await loadPageActions()
      .then((actions) => actions.receiveEnvelope(lang, platform, code))
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
  return (
    <div className="receive">
      {outcome === 'received' ||
      outcome === 'already' ||
      outcome === 'expired' ? null : (
        <button
          type="button"
          className="button button-primary"
          disabled={outcome === 'pending'}
          onClick={() => void receive()}
        >
          {t`Receive`}
        </button>
      )}
      <p role="status" aria-live="polite" className={`receive-${outcome}`}>
        {messages[outcome]}
      </p>
    </div>
  );
};
