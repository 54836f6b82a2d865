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

/** The launch's phase, in words (the badge's colour is never the only sign). */
export const LAUNCH_PHASE_LABELS = {
  upcoming: msg`Phase: upcoming`,
  subscribing: msg`Phase: subscribing`,
  calculating: msg`Phase: calculating allocations`,
  distributed: msg`Phase: tokens distributed`,
};

export const MILESTONE_LABELS = {
  'subscription-start': msg`Subscription opens`,
  'subscription-end': msg`Subscription closes`,
  distribution: msg`Token distribution`,
  listing: msg`Trading starts`,
};

/** What each sector's project builds, with the project's name. */
export const SECTOR_LABELS: Record<
  string,
  (name: string) => ReturnType<typeof msg>
> = {
  layer1: (name) =>
    msg`${name} is a layer-1 blockchain for fast, low-cost payments and applications.`,
  payments: (name) =>
    msg`${name} builds a payments network that lets merchants accept stablecoins and settle instantly.`,
  ai: (name) =>
    msg`${name} runs a decentralized marketplace for AI models and the computing power to train them.`,
  climate: (name) =>
    msg`${name} issues, tracks and trades verified carbon credits on-chain.`,
  science: (name) =>
    msg`${name} funds scientific research through tokenized grants governed by its community.`,
  defi: (name) =>
    msg`${name} is a decentralized exchange with on-chain order books and shared liquidity.`,
  gaming: (name) =>
    msg`${name} is a gaming platform where in-game items are tokens that players own and trade.`,
  energy: (name) =>
    msg`${name} connects solar and wind producers with buyers through tokenized energy certificates.`,
  oracle: (name) =>
    msg`${name} is an oracle network that brings verified market data to smart contracts.`,
  identity: (name) =>
    msg`${name} provides a self-sovereign digital identity that its users control with their own keys.`,
};

export const FAQ_LABELS: Record<
  string,
  { question: ReturnType<typeof msg>; answer: ReturnType<typeof msg> }
> = {
  'how-to-join': {
    question: msg`How do I take part?`,
    answer: msg`Complete identity verification, hold the required assets during the snapshot, then commit USDT from your spot account while the subscription is open. You can commit more than once, up to your tier's maximum.`,
  },
  allocation: {
    question: msg`How is my allocation calculated?`,
    answer: msg`If the commitments do not exceed the allocation's value, you receive tokens at the sale price for everything you committed. If the sale is oversubscribed, every participant receives tokens in proportion to their commitment.`,
  },
  distribution: {
    question: msg`When will I receive the tokens?`,
    answer: msg`Tokens are credited to your spot account during the distribution phase, after the allocation has been calculated. Trading of the listing pair starts when distribution ends.`,
  },
  refund: {
    question: msg`What happens to USDT that is not used?`,
    answer: msg`Any part of your commitment that is not converted into tokens is returned to your spot account when the allocation is calculated.`,
  },
  fees: {
    question: msg`Are there any fees for taking part?`,
    answer: msg`No. Committing and receiving tokens are free; trading after the listing is charged at your usual spot trading fees.`,
  },
};
