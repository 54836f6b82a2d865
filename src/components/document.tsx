import type { ReactNode } from 'react';
import { unstable_getRequest as getRequest } from 'waku/router/server';

import {
  DEFAULT_LOCALE,
  getLocaleEntry,
  localeFromPath,
} from '../lib/locales.ts';
import { navigationPath } from '../lib/navigation-path.ts';
import '../styles/global.css';

/**
 * The document shell. The root gets no params: the locale comes from the request path — for a
 * client navigation, from the route its payload request names (`/RSC/R/ja-JP/…`), or the
 * payload would set `<html lang>` to the default on every navigation.
 */
export const Document = ({ children }: { children: ReactNode }) => {
  let pathname = '/';
  try {
    pathname = new URL(getRequest().url).pathname;
  } catch {
    // build-time render of the 404 shell: no request
  }
  const entry = getLocaleEntry(
    localeFromPath(navigationPath(pathname) ?? pathname) ?? DEFAULT_LOCALE,
  );
  return (
    <html lang={entry.hreflang} dir={entry.dir}>
      <head>
        <meta name="theme-color" content="#0bd4c6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>{children}</body>
    </html>
  );
};
