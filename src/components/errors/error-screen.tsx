import { useLingui } from '@lingui/react/macro';

import type { Locale } from '../../lib/locales.ts';
import { routePath } from '../../routes.ts';
import { SiteLink as Link } from '../site-link.tsx';
import { ERROR_MESSAGES, errorTexts } from './messages.ts';

/** The localized error screen: page-not-found for 404, the generic server error otherwise. */
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
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="error-status">
        {i18n._({ ...ERROR_MESSAGES.statusLabel, values: { status } })}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>{i18n._(texts.body)}</p>
      <p>
        <Link to={routePath(locale, 'home')} className="button button-primary">
          {i18n._(ERROR_MESSAGES.backHome)}
        </Link>
      </p>
    </section>
  );
};
