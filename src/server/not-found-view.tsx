import 'server-only';

import { ErrorScreen } from '../components/errors/error-screen.tsx';
import type { Locale } from '../i18n/locales.ts';
import { setupServerI18n } from '../lib/i18n/server.ts';
import { setResponseStatus } from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { Shell } from '../shell/layout/shell.tsx';
import { applyRedirectRule } from './redirects.ts';

/**
 * Unknown locale, path or key: the localized page-not-found screen in the default layout, with
 * status 404 however it was reached (Waku answers 404 for paths it does not know, but `/404`
 * itself is a registered page and would otherwise be a 200).
 */
export const NotFoundView = async ({ locale }: { locale: Locale }) => {
  await applyRedirectRule();
  setResponseStatus(404, 'Not Found');
  setupServerI18n(locale);
  return (
    <Shell
      kind="default"
      locale={locale}
      routeId="home"
      siteName={getSiteConfig().siteName}
    >
      <ErrorScreen locale={locale} status={404} />
    </Shell>
  );
};
