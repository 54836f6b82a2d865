import 'server-only';

import type { Locale } from '../../i18n/locales.ts';
import { getServerApi } from '../../lib/server/api-client.ts';
import {
  marketSnapshotSchema,
  reshapeSnapshot,
  type MarketSnapshot,
} from './schema.ts';

/** The market snapshot the server renders (the live island takes over from it). */
export const getMarketSnapshot = async (
  locale: Locale,
): Promise<MarketSnapshot> =>
  reshapeSnapshot(
    await getServerApi(locale).static('/api/v1/market/tickers', {
      schema: marketSnapshotSchema,
    }),
    Date.now(),
  );
