import { formatDateTime, requestTime } from '../../lib/format/index.ts';
import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_DONE_ATTRIBUTE,
  COUNTDOWN_STYLE_ATTRIBUTE,
  COUNTDOWN_WORDS_ATTRIBUTE,
} from './attributes.ts';
import type { CountdownStyle } from './countdown.ts';
import { countdownWordsAttribute } from './words.ts';

/**
 * The time left until `to` (an API date). The server writes the moment itself ('Nov 26, 2026,
 * 2:00 PM UTC' in a <time>): the same text on every render, so a guest page is one cacheable
 * document and two renders of it are byte-identical. The widgets chunk adds the time left and
 * keeps it ticking every second (countdowns.client.tsx) from the words written here, so no client
 * component is rendered for it and no Intl formatter is built in the browser. `intl` is the
 * locale's Intl tag. With `done`, a countdown that has run out reads that text (by the server or
 * the ticker) instead of zero.
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
        [COUNTDOWN_WORDS_ATTRIBUTE]: countdownWordsAttribute(intl, style),
        ...(style === 'full' ? {} : { [COUNTDOWN_STYLE_ATTRIBUTE]: style }),
        ...(done === undefined ? {} : { [COUNTDOWN_DONE_ATTRIBUTE]: done }),
      }}
    >
      <time className="countdown-static" dateTime={to}>
        {formatDateTime(to, intl)}
      </time>
    </span>
  );
};
