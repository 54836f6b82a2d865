import { msg } from '@lingui/core/macro';

export const STATE_LABELS = {
  ongoing: msg`Subscribing now`,
  upcoming: msg`Upcoming`,
  ended: msg`Ended`,
  delisted: msg`Delisted`,
};

export const PHASE_LABELS: Record<string, ReturnType<typeof msg>> = {
  registration: msg`Registration`,
  snapshot: msg`Holding snapshot`,
  subscription: msg`Subscription`,
  calculation: msg`Allocation calculation`,
  distribution: msg`Token distribution`,
};

export const RULE_LABELS: Record<string, ReturnType<typeof msg>> = {
  'kyc-required': msg`Identity verification (KYC) must be completed before the snapshot.`,
  'holding-snapshot': msg`Your average holdings during the snapshot decide your subscription limit.`,
  'pro-rata': msg`If the sale is oversubscribed, tokens are allocated pro rata to each commitment.`,
  'restricted-regions': msg`Residents of restricted regions cannot take part.`,
  'refund-unallocated': msg`Any amount not converted into tokens is returned to your spot account.`,
};

export const TIER_LABELS: Record<string, ReturnType<typeof msg>> = {
  vip0: msg`Regular users`,
  'vip1-3': msg`VIP 1–3`,
  'vip4+': msg`VIP 4 and above`,
};
