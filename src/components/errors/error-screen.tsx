import { useLingui } from '@lingui/react/macro';

import type { Locale } from '../../i18n/locales.ts';
import { nearestPage } from '../../i18n/navigation.ts';
import { findRequestContext } from '../../lib/server/request-context.ts';
import { ROUTE_META } from '../../route-meta.ts';
import { routePath } from '../../routes.ts';
import { SiteLink as Link } from '../site-link.tsx';
import { StaticHtml } from '../static-html.tsx';
import { ERROR_MESSAGES, errorTexts } from './messages.ts';

/** A path longer than this is shown cut, with an ellipsis. */
const PATH_SHOWN_MAX = 120;

/**
 * The localized error screen: page-not-found for 404 (with the path that was asked for, spec
 * §8 "Page Not Found: {path}"), the generic server error otherwise.
 */
export const ErrorScreen = ({
  locale,
  status,
}: {
  locale: Locale;
  status: number;
}) => {
  const { i18n } = useLingui();
  const texts = errorTexts(status);
  const title = i18n._(texts.title);
  // invisible and direction-changing characters are dropped: the address is shown, never
  // made to read as a message of ours
  const asked =
    status === 404
      ? findRequestContext()?.path.replace(/[\p{Cc}\p{Cf}]/gu, '')
      : undefined;
  // the nearest page of the route table, linked from the table in this screen's locale
  const nearest = asked ? nearestPage(asked) : undefined;
  const suggestion =
    nearest && routePath(locale, nearest) !== asked
      ? { href: routePath(locale, nearest), id: nearest }
      : undefined;
  const path =
    asked && asked.length > PATH_SHOWN_MAX
      ? `${asked.slice(0, PATH_SHOWN_MAX)}…`
      : asked;
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="error-status">
        {i18n._({ ...ERROR_MESSAGES.statusLabel, values: { status } })}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>{i18n._(texts.body)}</p>
      {path ? (
        // server HTML (decision 0009): the address someone typed travels escaped in the page,
        // never as a string of its own in the document's payload
        <StaticHtml as="p" className="error-path">
          {i18n._({ ...ERROR_MESSAGES.notFoundPath, values: { path } })}
        </StaticHtml>
      ) : null}
      {suggestion ? (
        <p className="error-suggestion">
          <Link to={suggestion.href}>
            {i18n._({
              ...ERROR_MESSAGES.notFoundSuggestion,
              values: { page: i18n._(ROUTE_META[suggestion.id].nav) },
            })}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={routePath(locale, 'home')} className="button button-primary">
          {i18n._(ERROR_MESSAGES.backHome)}
        </Link>
      </p>
    </section>
  );
};
