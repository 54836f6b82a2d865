import { marketSiteUrl } from '../../lib/config/index.ts';
import type { Locale } from '../../lib/locales.ts';
import { requestHosts } from '../../lib/server/hosts.ts';
import { imagesBase } from '../../lib/server/images.ts';
import type { SectionData } from '../../lib/server/section-data.ts';
import { Section } from '../section.tsx';
import { MARKETS_ISLAND } from './island.ts';
import { MarketsTable } from './markets-table.tsx';
import type { MarketSnapshot } from './schema.ts';

/**
 * The market table of a page: the server's snapshot as HTML (the same for every guest, so the
 * page stays cacheable), kept current by the live island once it is in sight. It streams in its
 * own section (decision 0030): the page goes out without waiting for it, and the section's
 * notice stands in its place when the API could not be read. The page is whole without it, so
 * a crawler still gets 200. The page starts its data:
 * `sectionData(() => getMarketSnapshot(locale))`.
 */
export const LiveMarketsSection = ({
  locale,
  data,
}: {
  locale: Locale;
  data: Promise<SectionData<MarketSnapshot>>;
}) => (
  // the table's own height (333 px at 1280 and 390 px wide): nothing below moves when it comes
  <Section minHeight="20.8rem" essential={false} data={data}>
    {(snapshot) => {
      const props = {
        snapshot,
        locale,
        iconBase: imagesBase(),
        marketHome: marketSiteUrl(requestHosts(), locale),
      };
      return (
        <div className="markets-island" {...MARKETS_ISLAND.mark(props)}>
          <MarketsTable {...props} />
        </div>
      );
    }}
  </Section>
);
