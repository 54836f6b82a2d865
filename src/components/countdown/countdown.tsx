import { requestTime } from '../../lib/format/index.ts';
import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_DONE_ATTRIBUTE,
  COUNTDOWN_LOCALE_ATTRIBUTE,
  COUNTDOWN_STYLE_ATTRIBUTE,
} from './attributes.ts';
import { formatCountdown, type CountdownStyle } from './countdown.ts';

/**
 * The time left until `to` (an API date): the server writes it as of the request (guest HTML
 * stays one cacheable document), and the widgets chunk keeps it ticking every second
 * (countdowns.client.tsx), so no client component is rendered for it. `intl` is the locale's
 * Intl tag. With `done`, a countdown that has run out reads that text (by the server or the
 * ticker) instead of zero.
 */
export const Countdown = ({
  to,
  intl,
  style = 'full',
  done,
}: {
  to: string;
  intl: string;
  style?: CountdownStyle;
  done?: string;
}) => {
  const target = Date.parse(to);
  const now = requestTime();
  if (done !== undefined && !(target > now)) return <span>{done}</span>;
  return (
    <span
      role="timer"
      className="countdown"
      {...{
        [COUNTDOWN_ATTRIBUTE]: to,
        [COUNTDOWN_LOCALE_ATTRIBUTE]: intl,
        ...(style === 'full' ? {} : { [COUNTDOWN_STYLE_ATTRIBUTE]: style }),
        ...(done === undefined ? {} : { [COUNTDOWN_DONE_ATTRIBUTE]: done }),
      }}
    >
      <span className="countdown-static">
        {formatCountdown(target, now, intl, style)}
      </span>
    </span>
  );
};
