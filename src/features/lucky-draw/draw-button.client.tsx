'use client';

import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { ActionButton } from '../../components/action-button.client.tsx';
import { loginThen } from '../../lib/client/login-then.ts';
import { onFirstUse } from '../../lib/client/on-first-use.ts';
import { NOT_LOGGED_IN } from '../../lib/http/ret-codes.ts';

/** What the page tells the button about each prize: its name and reward, already localized. */
export type PrizeText = { readonly label: string; readonly reward: string };

type Outcome =
  | { kind: 'idle' | 'pending' | 'login' | 'none-left' | 'failed' }
  | { kind: 'won'; prizeId: string; left: number };

const NO_CHANCES_LEFT = 60002;

const loadActions = onFirstUse(() => import('./actions.ts'));

/**
 * The draw action of a lucky draw: one draw per press, the prize and the draws left announced
 * in the action's live region. "Log in first" opens the login modal (which gives the focus back)
 * and draws right after a successful login; when the draws are used up the button goes away.
 */
export const DrawButton = ({
  name,
  lang,
  prizes,
}: {
  name: string;
  lang: string;
  prizes: Readonly<Record<string, PrizeText>>;
}) => {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const pending = outcome.kind === 'pending';
  const draw = async () => {
    setOutcome({ kind: 'pending' });
    const result = await loadActions()
      .then((actions) => actions.drawOnce(lang, name))
      .catch(() => ({ ok: false as const, code: 0 }));
    if (result.ok) {
      setOutcome({
        kind: 'won',
        prizeId: result.value.prizeId,
        left: result.value.chancesLeft,
      });
    } else if (result.code === NOT_LOGGED_IN) {
      setOutcome({ kind: 'login' });
      loginThen(
        () => void draw(),
        () => setOutcome({ kind: 'failed' }),
      );
    } else if (result.code === NO_CHANCES_LEFT)
      setOutcome({ kind: 'none-left' });
    else setOutcome({ kind: 'failed' });
  };

  let message = '';
  if (outcome.kind === 'pending') message = t`Drawing…`;
  else if (outcome.kind === 'login') message = t`Log in to use your draws.`;
  else if (outcome.kind === 'none-left')
    message = t`You have used all your draws in this lucky draw.`;
  else if (outcome.kind === 'failed')
    message = t`Something went wrong. Please try again.`;
  else if (outcome.kind === 'won') {
    const prize = prizes[outcome.prizeId];
    const label = prize?.label ?? outcome.prizeId;
    const reward = prize?.reward ?? '';
    const left = outcome.left;
    message = `${t`You won the ${label}: ${reward}. It is in your funding account.`} ${t`${plural(left, { one: 'You have # draw left.', other: 'You have # draws left.' })}`}`;
  }
  const done =
    outcome.kind === 'none-left' ||
    (outcome.kind === 'won' && outcome.left === 0);
  return (
    <ActionButton
      label={t`Draw`}
      message={message}
      pending={pending}
      done={done}
      onPress={() => void draw()}
      className="receive draw"
      statusClassName={`draw-${outcome.kind}`}
    />
  );
};
