'use client';

import { Suspense, useSyncExternalStore } from 'react';

import { lazyChunk } from '../lib/client/on-first-use.ts';
import { toastQueue } from '../lib/client/store.ts';

const Toasts = lazyChunk(
  () => import('./toasts.client.tsx'),
  (m) => m.Toasts,
);

/**
 * Mounts the toast region (react-aria) while toasts are up, so pages that never show one never
 * load it. The queue lives in the store (store.ts) from the start; nothing queued is lost while the region
 * loads.
 */
export const ToastHost = () => {
  const visible = useSyncExternalStore(
    toastQueue.subscribe.bind(toastQueue),
    () => toastQueue.visibleToasts.length,
    () => 0,
  );
  return visible > 0 ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
};
