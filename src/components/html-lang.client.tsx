'use client';

import { useEffect } from 'react';

/** Keeps <html lang dir> in step with the page after a client-side language switch. */
export const HtmlLang = ({ lang, dir }: { lang: string; dir: 'ltr' | 'rtl' }) => {
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
  }, [lang, dir]);
  return null;
};
