import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

import {
  NOT_LOGGED_IN,
  ERROR_TITLE,
  UNKNOWN_ERROR_DETAIL,
  type ErrorNotice,
  type RequestClient,
} from '../http/index.ts';
import { user } from './kernel.ts';
import { clientApi } from './request-client.ts';
import { accountBalances, showToast } from './store.ts';

/** The site refused a request from this page's address: what to do about it. */
const CROSS_ORIGIN_TEXT = msg`This page is open at an address the site does not take requests from. Open the site at its own address and try again.`;
const CROSS_ORIGIN_AT_TEXT = (address: string) =>
  msg`This page is open at an address the site does not take requests from. Open the site at ${address} and try again.`;

/** The refusal's text, naming the address the site takes requests from when it said. */
export const crossOriginText = (
  i18n: { _: (descriptor: MessageDescriptor) => string },
  siteOrigin: string | undefined,
): string =>
  i18n._(siteOrigin ? CROSS_ORIGIN_AT_TEXT(siteOrigin) : CROSS_ORIGIN_TEXT);

const TRANSPORT_DETAILS = new Set([
  'Network error',
  'Timeout exceeded',
  UNKNOWN_ERROR_DETAIL,
]);

/**
 * The shared request client for client widgets (spec §7): the page's locale as Lang, the
 * browser's platform, cookies sent to the site's own /api (same origin, so the HttpOnly
 * token goes along without script ever reading it), and every failure's notice shown as a
 * toast in the reader's language: `errorCode.{code}` from the client catalog for ret_codes,
 * localized texts for the request client's own English defaults.
 */
export const useClientApi = (): RequestClient => {
  const { i18n, t } = useLingui();
  return useMemo(() => {
    const localDetail = (notice: ErrorNotice): string => {
      // an HTTP status: the server's English status text is not for readers
      if (notice.statusClass === 'cross-origin')
        return crossOriginText(i18n, notice.siteOrigin);
      if (notice.statusClass === 'bad-request')
        return t`The server refused this request. Check what you entered and try again.`;
      if (notice.statusClass === 'bad-response')
        return t`The server could not answer right now. Please try again in a moment.`;
      if (!TRANSPORT_DETAILS.has(notice.detail)) return notice.detail;
      if (notice.detail === 'Network error')
        return t`Network error. Check your connection and try again.`;
      if (notice.detail === 'Timeout exceeded')
        return t`The request took too long. Please try again.`;
      return t`Unknown error occurred`;
    };
    return clientApi(i18n.locale, {
      translate: (id) => (id in i18n.messages ? i18n._(id) : undefined),
      onError: (notice) => {
        // the session ended elsewhere (logout in another tab, expiry): back to guest
        if (
          notice.type === 'warning' &&
          notice.title === String(NOT_LOGGED_IN)
        ) {
          user.set(null);
          accountBalances.set(null);
        }
        showToast({
          kind: notice.type,
          title: notice.title === ERROR_TITLE ? t`Error` : notice.title,
          detail: localDetail(notice),
        });
      },
    });
  }, [i18n, t]);
};
