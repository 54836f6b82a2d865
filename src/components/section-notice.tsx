import 'server-only';

import { useLingui } from '@lingui/react/macro';

import { findRequestContext } from '../lib/server/request-context.ts';

/**
 * In place of a section whose data could not be loaded: a localized notice and a link that
 * loads the page again (a full load, so it works before and without JavaScript).
 */
export const SectionNotice = () => {
  const { t } = useLingui();
  const context = findRequestContext();
  // a document's own address; a client navigation's page path (its query is the payload's)
  const href = context
    ? `${encodeURI(context.path)}${context.staticHtml ? context.search : ''}`
    : '';
  return (
    <div className="data-notice section-notice" role="status">
      <p>{t`This part of the page could not be loaded just now.`}</p>
      <a href={href}>{t`Try again`}</a>
    </div>
  );
};
