import type { ReactNode } from 'react';

import { DEFAULT_LOCALE, getLocaleEntry } from '../i18n/locales.ts';
import { WITHOUT_SCRIPTS } from '../lib/server/in-order-document.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { THEME_SCRIPT } from '../lib/theme.ts';
import '../styles/global.css';

/**
 * The document shell. The root gets no params: the locale is the request's (the page path's,
 * or for a client navigation the route its payload names), so `<html lang>` stays right on
 * every navigation; the default for the build-time 404 shell, which has no request. The theme
 * script (src/lib/theme.ts) is the same for everyone: the HTML never depends on the theme.
 */
export const Document = ({ children }: { children: ReactNode }) => {
  const entry = getLocaleEntry(findRequestContext()?.locale ?? DEFAULT_LOCALE);
  return (
    // the theme script sets data-theme on the root before hydration: not a mismatch
    <html lang={entry.hreflang} dir={entry.dir} suppressHydrationWarning>
      <head>
        {/* first in <head>: the reader's theme is on the root before anything paints */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <meta name="theme-color" content="#0bd4c6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <noscript>
          <style>{WITHOUT_SCRIPTS}</style>
        </noscript>
      </head>
      <body>{children}</body>
    </html>
  );
};
