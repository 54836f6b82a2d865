'use client';

import { useEffect } from 'react';

import { sectionHydrated, shellHydrated } from '../lib/client/page-hydrated.ts';

/**
 * Keeps <html lang dir> in step with the page after a client-side language switch. Its first
 * effect also says the shell has hydrated (page-hydrated.ts).
 */
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
    shellHydrated();
  }, [lang, dir]);
  return null;
};

/**
 * Rendered last inside a streamed section's boundary (src/components/section.tsx): its effect
 * runs once React has hydrated the section's content (or rendered it, on a client navigation),
 * so the page knows when every section is live (page-hydrated.ts). It adds no markup. It lives
 * in this module so it ships in the first JS's chunk with `HtmlLang`, not in a chunk of its own.
 */
export const SectionHydrated = () => {
  useEffect(sectionHydrated, []);
  return null;
};
