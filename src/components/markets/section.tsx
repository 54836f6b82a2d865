import { marketSiteUrl } from '../../lib/config/index.ts';
import { load } from '../../lib/http/index.ts';
import type { Locale } from '../../lib/locales.ts';
import { requestHosts } from '../../lib/server/hosts.ts';
import { imagesBase } from '../../lib/server/images.ts';
import { DataNotice } from '../data-notice.tsx';
import { getMarketSnapshot } from './api.ts';
import { MARKETS_ISLAND } from './island.ts';
import { MarketsTable } from './markets-table.tsx';

/**
 * The market table of a page: the server's snapshot as HTML (the same for every guest, so the
 * page stays cacheable), kept current by the live island once it is in sight; the data notice
 * when the API could not be read.
 */
export const LiveMarketsSection = async ({ locale }: { locale: Locale }) => {
  const snapshot = await load(() => getMarketSnapshot(locale), {
    items: [],
    updatedAt: 0,
  });
  if (snapshot.state === 'error') return <DataNotice />;
  const iconBase = imagesBase();
  const props = {
    snapshot: snapshot.data,
    locale,
    iconBase,
    marketHome: marketSiteUrl(requestHosts(), locale),
  };
  return (
    <div className="markets-island" {...MARKETS_ISLAND.mark(props)}>
      <MarketsTable {...props} />
    </div>
  );
};
