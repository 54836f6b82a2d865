import { useLingui } from '@lingui/react/macro';

import { Countdown } from '../../components/countdown/countdown.tsx';

/** A launch's countdown: compact, reading "Now" once it has run out. */
export const LaunchCountdown = ({ to, intl }: { to: string; intl: string }) => {
  const { t } = useLingui();
  return <Countdown to={to} intl={intl} style="compact" done={t`Now`} />;
};
