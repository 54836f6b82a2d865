import * as v from 'valibot';

import { parseIslandData } from '../../lib/island-data.ts';
import { LOCALE_CODES, type Locale } from '../../lib/locales.ts';
import { marketSnapshotSchema, type MarketSnapshot } from './schema.ts';

/**
 * The market island's mark in the server's HTML: the element holding the snapshot table, with
 * what the live table needs as JSON in this attribute. No client component is rendered for it,
 * so it costs the page's first JS nothing; the widgets chunk finds it (live-islands.client.tsx).
 */
export const ISLAND_ATTRIBUTE = 'data-live-markets';

export type IslandProps = {
  readonly snapshot: MarketSnapshot;
  readonly locale: Locale;
  readonly iconBase: string;
};

const islandSchema = v.object({
  snapshot: v.object({
    items: marketSnapshotSchema.entries.items,
    updatedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  locale: v.picklist(LOCALE_CODES),
  iconBase: v.pipe(v.string(), v.maxLength(200)),
});

export const islandData = (props: IslandProps): string => JSON.stringify(props);

/** The island's props from its attribute, or undefined when it is not ours. */
export const parseIsland = (
  text: string | null | undefined,
): IslandProps | undefined => parseIslandData(islandSchema, text);
