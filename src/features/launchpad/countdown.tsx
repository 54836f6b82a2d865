import { useLingui } from '@lingui/react/macro';

import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_DONE_ATTRIBUTE,
  COUNTDOWN_LOCALE_ATTRIBUTE,
  formatCountdown,
} from './countdown.ts';

/**
 * The time left until `to`, rendered by the server for the request's time and ticked every
 * second by the widgets chunk (countdown-ticker.ts); once it runs out it reads "Now".
 */
export const Countdown = ({
  to,
  intl,
  now,
}: {
  to: string;
  intl: string;
  now: number;
}) => {
  const { t } = useLingui();
  const left = Date.parse(to) - now;
  if (Number.isNaN(left) || left <= 0) return <span>{t`Now`}</span>;
  return (
    <span
      role="timer"
      className="num countdown"
      {...{
        [COUNTDOWN_ATTRIBUTE]: to,
        [COUNTDOWN_LOCALE_ATTRIBUTE]: intl,
        [COUNTDOWN_DONE_ATTRIBUTE]: t`Now`,
      }}
    >
      {formatCountdown(left, intl)}
    </span>
  );
};
