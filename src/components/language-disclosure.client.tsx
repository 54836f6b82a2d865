'use client';

import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useRouter } from 'waku';

import { anchorOf, isPlainClick } from '../lib/client/links.ts';
import { localeCookieWrites } from '../lib/client/locale-cookie.ts';
import type { SitePath } from '../routes.ts';

/** Written only when a person switches language, never by page responses (pages stay cacheable). */
const rememberLocale = (code: string, cookie: string) => {
  for (const write of localeCookieWrites(cookie)) document.cookie = write;
  try {
    localStorage.setItem('i18n_redirected', code);
  } catch {
    // storage may be disabled; the cookie is enough
  }
};

/**
 * The behaviour of the language menu (`LanguageMenu` draws it on the server): once hydrated, a
 * choice (`a[data-locale]`) switches the page with the client router (no full reload) and
 * remembers it — the cookie to write comes serialized from the server in `data-cookie`, so no
 * cookie code is in the first JS — and Escape, a click outside or the focus leaving it (Tab
 * past the last language, Shift+Tab before the button) closes the list.
 */
export const LanguageDisclosure = ({ children }: { children: ReactNode }) => {
  const router = useRouter();
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusSummary: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusSummary) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open)
        close(details.contains(document.activeElement));
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !details.contains(event.target))
        close(false);
    };
    // only a focus that lands outside: a click on a non-focusable part of the list moves the
    // focus nowhere (relatedTarget null) and keeps it open
    const onFocusOut = (event: FocusEvent) => {
      if (
        event.relatedTarget instanceof Node &&
        !details.contains(event.relatedTarget)
      )
        close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const choose = (event: MouseEvent<HTMLDetailsElement>) => {
    const link = anchorOf(event, 'a[data-locale]');
    const href: SitePath | null | undefined = link?.getAttribute('href');
    if (!link || !href || !isPlainClick(event)) return;
    event.preventDefault();
    rememberLocale(link.dataset.locale ?? '', link.dataset.cookie ?? '');
    if (ref.current) ref.current.open = false;
    void router.push(href);
  };

  return (
    // the clicks handled here are the links' own (keyboard activation included)
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <details ref={ref} className="zmx-pv-lang" onClick={choose}>
      {children}
    </details>
  );
};
