import 'server-only';

import { ErrorScreen } from '../components/errors/error-screen.tsx';
import { Shell } from '../components/layout/shell.tsx';
import { setupServerI18n } from '../lib/i18n/server.ts';
import type { Locale } from '../lib/locales.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { applyRedirectRule } from './redirects.ts';

/** Unknown locale, path or key: the localized page-not-found screen in the default layout. */
export const NotFoundView = async ({ locale }: { locale: Locale }) => {
  await applyRedirectRule();
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
