'use client';

import { useLingui } from '@lingui/react/macro';

import { useHydrated } from '../lib/client/focus.ts';
import type { SubscribeOrder } from '../lib/client/kernel.ts';
import { CHUNK_FAILED, recoverFromChunkError } from '../lib/client/recovery.ts';
import { loadWidgets } from '../lib/client/widgets-door.ts';

/**
 * A page's Subscribe button (savings products, launchpad projects): a plain button in the
 * page's first JS. A click loads the widgets if needed, asks a guest to log in first, then
 * opens the subscribe dialog with this order. Disabled until hydrated (without JavaScript it
 * could do nothing). `inRowHeader`: the copy a narrow table shows in its pinned row header
 * (where the table's own action column is hidden); only one of the two is ever displayed.
 */
export const SubscribeButton = ({
  order,
  inRowHeader = false,
}: {
  order: SubscribeOrder;
  inRowHeader?: boolean;
}) => {
  const { t } = useLingui();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={`button button-primary button-small ${inRowHeader ? 'zmx-pv-subscribe-row' : 'zmx-pv-subscribe'}`}
      disabled={!hydrated}
      onClick={() => {
        loadWidgets()
          .then((w) => w.requireLogin(() => w.openSubscribe(order)))
          .catch(() => recoverFromChunkError(t(CHUNK_FAILED)));
      }}
    >
      {order.kind === 'launchpad'
        ? t({ context: 'launchpad project', message: 'Subscribe' })
        : t({ context: 'savings product', message: 'Subscribe' })}
      <span className="visually-hidden"> {order.name}</span>
    </button>
  );
};
