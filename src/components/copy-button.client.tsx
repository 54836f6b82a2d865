'use client';

import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { useHydrated } from '../lib/client/focus.ts';

/**
 * Copies a value to the clipboard and says so (politely) to screen readers. Disabled until
 * hydrated: without JavaScript it could not copy (the value itself is on the page).
 */
export const CopyButton = ({
  value,
  label,
}: {
  value: string;
  label: string;
}) => {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={label}
      disabled={!hydrated}
      onClick={() => {
        void navigator.clipboard
          .writeText(value)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
          .catch(() => setCopied(false));
      }}
    >
      <span aria-live="polite">{copied ? t`Copied` : t`Copy`}</span>
    </button>
  );
};
