'use client';

import { useLingui } from '@lingui/react/macro';

import type { SubscribeOrder } from '../../lib/client/kernel.ts';
import { recoverFromChunkError } from '../../lib/client/recovery.ts';
import { loadWidgets } from './load-widgets.ts';

/**
 * A page's Subscribe button (savings products, launchpad projects): a plain button in the
 * page's first JS. A click loads the widgets if needed, asks a guest to log in first, then
 * opens the subscribe dialog with this order.
 */
export const SubscribeButton = ({ order }: { order: SubscribeOrder }) => {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button-primary button-small zmx-pv-subscribe"
      onClick={() => {
        loadWidgets()
          .then((w) => w.requireLogin(() => w.openSubscribe(order)))
          .catch(() =>
            recoverFromChunkError(
              t`Part of this page could not be loaded. Reload the page to get the latest version of the site.`,
            ),
          );
      }}
    >
      {t`Subscribe`}
      <span className="visually-hidden"> {order.name}</span>
    </button>
  );
};
