import { msg } from '@lingui/core/macro';

/**
 * A rate band's words. In a `.client.ts` file so they are in the browser's catalog too: the
 * savings table (server), the savings calculator and the subscribe dialog (browser) show bands.
 */

/** "Up to 1,000 USDT" (a rate band's upper limit) */
export const upToLabel = (limit: string) => msg`Up to ${limit}`;
/** "From 1,000 USDT to 100,000 USDT" (a rate band between two limits) */
export const bandLabel = (from: string, to: string) =>
  msg`From ${from} to ${to}`;
/** "Above 1,000 USDT" (the last rate band) */
export const aboveLabel = (limit: string) => msg`Above ${limit}`;
