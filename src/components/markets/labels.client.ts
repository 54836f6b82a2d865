import { msg } from '@lingui/core/macro';

/**
 * The market table's words. In a `.client.ts` file so they are in the browser's catalog too:
 * the same table is rendered by the server (snapshot) and by the live island.
 */
export const MARKET_LABELS = {
  table: msg`Market highlights`,
  region: msg`Table: Market highlights`,
  market: msg({
    message: 'Market',
    comment: 'Column header (a narrow place): at most 28 characters',
  }),
  last: msg({
    message: 'Last price',
    comment: 'Column header (a narrow place): at most 28 characters',
  }),
  change: msg({
    message: '24h change',
    comment: 'Column header (a narrow place): at most 28 characters',
  }),
  volume: msg({
    message: '24h volume',
    comment: 'Column header (a narrow place): at most 28 characters',
  }),
  trend: msg({
    message: '24h trend',
    comment: 'Column header (a narrow place): at most 28 characters',
  }),
  up: msg`Up`,
  down: msg`Down`,
  level: msg`Unchanged`,
  trade: msg`Trade on the market site`,
  paused: msg`Live prices paused: the server could not be reached. Retrying…`,
} as const;

/** "Updated 18:55:05 UTC" */
export const updatedLabel = (time: string) => msg`Updated ${time}`;

/** "24h trend: Up" (the sparkline's text alternative) */
export const trendLabel = (direction: string) => msg`24h trend: ${direction}`;
