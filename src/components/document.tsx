import type { ReactNode } from 'react';

import { DEFAULT_LOCALE, getLocaleEntry } from '../lib/locales.ts';
import { WITHOUT_SCRIPTS } from '../lib/server/in-order-document.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import '../styles/global.css';

/**
 * The document shell. The root gets no params: the locale is the request's (the page path's,
 * or for a client navigation the route its payload names), so `<html lang>` stays right on
 * every navigation; the default for the build-time 404 shell, which has no request.
 */
export const Document = ({ children }: { children: ReactNode }) => {
  const entry = getLocaleEntry(findRequestContext()?.locale ?? DEFAULT_LOCALE);
  return (
    <html lang={entry.hreflang} dir={entry.dir}>
      <head>
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
