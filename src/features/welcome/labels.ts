import { msg } from '@lingui/core/macro';

export const CAMPAIGN_NAMES: Record<string, ReturnType<typeof msg>> = {
  newcomer: msg`Newcomer rewards`,
  'futures-starter': msg`Futures starter pack`,
  'earn-week': msg`Earn week`,
};

export const TASK_LABELS: Record<string, ReturnType<typeof msg>> = {
  'verify-identity': msg`Verify your identity`,
  'first-deposit': msg`Make your first deposit of at least {target} {coin}`,
  'first-trade': msg`Complete a first spot trade of at least {target} {coin}`,
  'savings-subscribe': msg`Subscribe at least {target} {coin} to a savings product`,
  'transfer-to-derivatives': msg`Transfer at least {target} {coin} to your derivatives account`,
  'futures-trade': msg`Open a futures position worth at least {target} {coin}`,
  'futures-volume': msg`Reach a futures trading volume of {target} {coin}`,
  'invite-friend': msg`Invite a friend who completes sign-up`,
};
