import * as v from 'valibot';

import { LOCALE_CODES, type Locale } from '../../i18n/locales.ts';
import { islandMark } from '../../lib/island-data.ts';
import { marketSnapshotSchema, type MarketSnapshot } from './schema.ts';

export type IslandProps = {
  readonly snapshot: MarketSnapshot;
  readonly locale: Locale;
  readonly iconBase: string;
  /** The market site's home in the page's locale: each row links to its trading page. */
  readonly marketHome: string;
};

const islandSchema = v.object({
  snapshot: v.object({
    items: marketSnapshotSchema.entries.items,
    updatedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  locale: v.picklist(LOCALE_CODES),
  iconBase: v.pipe(v.string(), v.maxLength(200)),
  marketHome: v.pipe(
    v.string(),
    v.url(),
    v.startsWith('https://'),
    v.maxLength(300),
  ),
});

/**
 * The market island's mark in the server's HTML: the element holding the snapshot table, with
 * what the live table needs (live-islands.client.tsx renders it).
 */
export const MARKETS_ISLAND = islandMark<IslandProps>(
  'data-live-markets',
  islandSchema,
);
