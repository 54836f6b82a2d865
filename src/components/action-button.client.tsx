'use client';

import { useEffect, useRef } from 'react';

import { focusLost, useHydrated } from '../lib/client/focus.ts';

/**
 * A page's one-press action (draw, receive) and the live region that tells how it went. While
 * the action runs the button stays focusable (aria-disabled, presses ignored), so the focus stays
 * on it; once the action is `done` the button goes away and the focus it had goes to the message.
 * Disabled until hydrated: without JavaScript it could do nothing. The page owns the action and
 * its outcome; this owns the button, the status and the focus.
 */
export const ActionButton = ({
  label,
  message,
  pending,
  done,
  onPress,
  className,
  statusClassName,
}: {
  label: string;
  /** What the live region says now ('' says nothing). */
  message: string;
  pending: boolean;
  done: boolean;
  onPress: () => void;
  className: string;
  statusClassName: string;
}) => {
  const hydrated = useHydrated();
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done && focusLost()) status.current?.focus();
  }, [done]);
  return (
    <div className={className}>
      {done ? null : (
        <button
          type="button"
          className="button button-primary"
          disabled={!hydrated}
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onPress();
          }}
        >
          {label}
        </button>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={statusClassName}
      >
        {message}
      </p>
    </div>
  );
};
