import {
  useEffect,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';

import { accountFocus, useSignal } from './kernel.ts';

/** True when nothing has the focus any more (it fell to <body>, or its element was removed). */
export const focusLost = (): boolean => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * Takes the focus for `ref` when a login or logout asked for `target` (accountFocus) and the
 * element that had the focus is gone; focus the person moved elsewhere meanwhile stays there.
 */
export const useAccountFocus = (
  target: 'menu' | 'login',
  ref: RefObject<HTMLElement | null>,
): void => {
  const wanted = useSignal(accountFocus, null);
  useEffect(() => {
    if (wanted !== target || !ref.current) return;
    accountFocus.set(null);
    if (focusLost()) ref.current.focus();
  }, [wanted, target, ref]);
};

const noSubscription = () => () => undefined;

/**
 * False in the server HTML and while it hydrates, true after (and at once for anything mounted
 * later). Controls that do nothing without JavaScript are disabled until then, so without JS
 * they are honestly unavailable and a form cannot be sent the browser's way.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * For a form that checks its fields before sending: call the returned function with the form
 * element (take `event.currentTarget` before any await) after setting the errors; once that
 * render is in, the first field marked aria-invalid takes the focus, its error read with it
 * through aria-describedby. (The element comes from the event, not a ref: react-aria's Tabs
 * also render their panels into a hidden collection document.)
 */
export const useFocusFirstInvalid = (): ((form: HTMLElement) => void) => {
  const [request, setRequest] = useState<{ form: HTMLElement } | null>(null);
  useEffect(() => {
    request?.form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  return (form) => setRequest({ form });
};
