'use client';

import { useEffect } from 'react';

/** Keeps <html lang dir> in step with the page after a client-side language switch. */
export const HtmlLang = ({
  lang,
  dir,
}: {
  lang: string;
  dir: 'ltr' | 'rtl';
}) => {
  useEffect(() => {
    const root = document.documentElement;
    root.lang = lang;
    root.dir = dir;
    // Tests and tools wait for this: the page is interactive.
    root.dataset.hydrated = 'true';
  }, [lang, dir]);
  return null;
};
