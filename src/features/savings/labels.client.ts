import { msg, plural } from '@lingui/core/macro';

/**
 * The savings calculator's and "My savings" words. In a `.client.ts` file so they are in the
 * browser's catalog too: the server renders the example estimate and the guest prompt, the
 * widgets render the calculator and the trader's savings with the same words.
 */
export const SAVINGS_LABELS = {
  estimateTitle: msg`Estimate your earnings`,
  product: msg`Savings product`,
  term: msg`Term (days)`,
  termHint: msg`The estimate pays simple interest on a 365-day year, each rate band on the part of the amount inside it.`,
  fixedTerm: msg`Fixed term: the product's term is used.`,
  daily: msg`Estimated daily interest`,
  total: msg`Estimated interest over the term`,
  blended: msg`Effective annual rate`,
  invalidAmount: msg`Enter an amount of 0 or more, with at most 8 decimals.`,
  invalidTerm: msg`Enter a whole number of days from 1 to 3,650.`,
  mySavings: msg`My savings`,
  loginPrompt: msg`Log in to see your savings: what you subscribed, the amounts and the interest earned so far.`,
  logIn: msg`Log in`,
  loading: msg`Loading your savings…`,
  empty: msg`You have no savings yet. Choose a product above to start earning.`,
  failed: msg`Your savings could not be loaded. Please try again in a moment.`,
  retry: msg`Try again`,
  tableLabel: msg`Your subscriptions and interest`,
  subscribed: msg`Subscribed`,
  earned: msg`Interest earned`,
  dailyEarned: msg`Daily interest`,
  since: msg`Since`,
  matures: msg`Matures`,
  redeemAnyTime: msg`Redeem any time`,
  redeem: msg`Redeem`,
} as const;

/** The Redeem button's accessible name in a row of "My savings": which position it redeems. */
export const redeemLabel = (name: string) => msg`Redeem from ${name}`;

/** "Example: 5,000 USDT in USDT flexible savings for 30 days" */
export const exampleLabel = (amount: string, product: string, days: number) =>
  msg`Example: ${amount} in ${product} for ${plural(days, { one: '# day', other: '# days' })}`;
