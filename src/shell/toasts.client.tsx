'use client';

import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

import {
  toastQueue,
  type ToastContent as Content,
} from '../lib/client/store.ts';

/**
 * Toasts (spec §8): info, success, warning and error; stacked newest first, at most five;
 * each lives 3000 ms (paused while hovered or focused), can be dismissed, and is announced by
 * the region react-aria makes a landmark (F6 reaches it by keyboard).
 */
export const Toasts = () => {
  const { t } = useLingui();
  const kindLabel: Record<Content['kind'], string> = {
    info: t`Information`,
    success: t`Success`,
    warning: t`Warning`,
    error: t`Error`,
  };
  return (
    <ToastRegion
      queue={toastQueue}
      className="zmx-pv-toasts"
      aria-label={t`Notifications`}
    >
      {({ toast }) => (
        <Toast
          toast={toast}
          className={`zmx-pv-toast zmx-pv-toast-${toast.content.kind}`}
          data-kind={toast.content.kind}
        >
          <ToastContent className="zmx-pv-toast-content">
            <Text slot="title" className="zmx-pv-toast-title">
              {/* the kind for screen readers, unless the title is that word already */}
              {toast.content.title === kindLabel[toast.content.kind] ? null : (
                <span className="visually-hidden">
                  {kindLabel[toast.content.kind]}:{' '}
                </span>
              )}
              {toast.content.title}
            </Text>
            {toast.content.detail ? (
              <Text slot="description" className="zmx-pv-toast-detail">
                {toast.content.detail}
              </Text>
            ) : null}
          </ToastContent>
          <Button
            slot="close"
            className="zmx-pv-toast-close"
            aria-label={t`Dismiss`}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
};
