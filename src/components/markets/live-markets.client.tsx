'use client';

import { useLingui } from '@lingui/react/macro';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';

import type { Locale } from '../../i18n/locales.ts';
import { clientApi } from '../../lib/client/request-client.ts';
import { MARKET_LABELS } from './labels.client.ts';
import { MarketsTable } from './markets-table.tsx';
import { documentVisibility, startPoller } from './poller.ts';
import {
  marketSnapshotSchema,
  reshapeSnapshot,
  type MarketSnapshot,
} from './schema.ts';

/** The longest one read of the tickers may take. */
const READ_TIMEOUT_MS = 10_000;

type Figures = {
  readonly snapshot: MarketSnapshot;
  readonly previous: ReadonlyMap<string, string> | undefined;
};

/**
 * The market table kept current (the island's chunk): polls the tickers through the site's
 * API proxy (see poller.ts for the interval, the pause while hidden and the back-off), and
 * says so in a status line when reads fail.
 */
export default function LiveMarkets({
  snapshot,
  locale,
  iconBase,
  marketHome,
  onShown,
}: {
  snapshot: MarketSnapshot;
  locale: Locale;
  iconBase: string;
  marketHome: string;
  /** Called before the first paint of the live table (the island hides the server's table). */
  onShown: () => void;
}) {
  const { i18n } = useLingui();
  // the server's table shows the snapshot already: the live one is drawn from the first new
  // figures on (the first formatter the page builds costs the browser ICU's start-up)
  const [figures, setFigures] = useState<Figures | undefined>(undefined);
  const live = figures !== undefined;
  useLayoutEffect(() => {
    if (live) onShown();
  }, [live, onShown]);
  const [failing, setFailing] = useState(false);
  useEffect(() => {
    const client = clientApi(locale, {
      // the poller backs off itself: one attempt per read, within the interval's reach
      retry: { budgetMs: READ_TIMEOUT_MS, maxAttempts: 1 },
      timeoutMs: READ_TIMEOUT_MS,
    });
    const poller = startPoller({
      read: async (signal) =>
        reshapeSnapshot(
          await client.get('/api/v1/market/tickers', {
            schema: marketSnapshotSchema,
            signal,
            skipErrorToast: true,
          }),
          Date.now(),
        ),
      // a transition: React draws the table's rows in slices of a few milliseconds, with the
      // browser free between them, not in one task a tap would wait for (decision 0027)
      onData: (next) =>
        startTransition(() => {
          setFailing(false);
          setFigures((current) => ({
            snapshot: next,
            previous: new Map(
              (current?.snapshot ?? snapshot).items.map((t) => [
                t.symbol,
                t.last,
              ]),
            ),
          }));
        }),
      onError: () => setFailing(true),
      visibility: documentVisibility(document),
      lastReadAt: snapshot.updatedAt,
    });
    return poller.stop;
  }, [locale, snapshot]);
  return (
    <>
      {figures && (
        <MarketsTable
          snapshot={figures.snapshot}
          locale={locale}
          iconBase={iconBase}
          marketHome={marketHome}
          previous={figures.previous}
        />
      )}
      <p className="muted small market-status" role="status">
        {failing ? i18n._(MARKET_LABELS.paused) : ''}
      </p>
    </>
  );
}
