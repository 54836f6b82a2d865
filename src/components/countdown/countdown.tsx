import { requestTime } from '../../lib/format/index.ts';
import {
  COUNTDOWN_ATTRIBUTE,
  COUNTDOWN_LOCALE_ATTRIBUTE,
} from './attributes.ts';
import { formatCountdown } from './countdown.ts';

/**
 * The time left until `to` (an API date): the server writes it as of the request (guest HTML
 * stays one cacheable document), and the widgets chunk keeps it ticking every second
 * (countdowns.client.tsx), so no client component is rendered for it. `intl` is the locale's
 * Intl tag.
 */
export const Countdown = ({ to, intl }: { to: string; intl: string }) => (
  <span
    className="countdown"
    {...{ [COUNTDOWN_ATTRIBUTE]: to, [COUNTDOWN_LOCALE_ATTRIBUTE]: intl }}
  >
    <span className="countdown-static">
      {formatCountdown(Date.parse(to), requestTime(), intl)}
    </span>
  </span>
);
