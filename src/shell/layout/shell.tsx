import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { HtmlLang } from '../../components/html-lang.client.tsx';
import {
  LanguageMenu,
  type LanguageChoice,
} from '../../components/language-menu.tsx';
import { AccountCorner } from '../../features/account/account-corner.client.tsx';
import { getLocaleEntry, LOCALES, type Locale } from '../../i18n/locales.ts';
import { helpCenterUrl, marketSiteUrl } from '../../lib/config/index.ts';
import { cookieDomain, localeCookie } from '../../lib/cookies.ts';
import { requestTime } from '../../lib/format/index.ts';
import { widgetMessages } from '../../lib/i18n/server.ts';
import { requestHosts } from '../../lib/server/hosts.ts';
import { findRequestContext } from '../../lib/server/request-context.ts';
import { getSiteConfig } from '../../lib/server/site-config.ts';
import { telemetryEndpoints } from '../../lib/telemetry/endpoints.ts';
import { routePath, type LayoutKind, type RouteId } from '../../routes.ts';
import { AppRoot } from '../app-root.client.tsx';
import { Brand } from './brand.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { ThemeToggle } from './theme-toggle.client.tsx';

export type ShellProps = {
  kind: LayoutKind;
  locale: Locale;
  routeId: RouteId;
  routeKey?: string | undefined;
  siteName: string;
  children: ReactNode;
};

const languageChoices = (
  routeId: RouteId,
  routeKey: string | undefined,
  domain: string | undefined,
): LanguageChoice[] =>
  LOCALES.filter((entry) => !('aliasOf' in entry)).map((entry) => ({
    code: entry.code,
    label: entry.language,
    hreflang: entry.hreflang,
    href: routePath(entry.code, routeId, routeKey),
    cookie: localeCookie(entry.code, domain),
  }));

/**
 * Whether this request carried a token cookie (its value is never read here): the client root
 * then fetches the user info. The same bit the page cache keys its two variants by:
 * the only thing about the visitor a render may read.
 */
const hasSessionCookie = (): boolean => findRequestContext()?.session === true;

/**
 * The three layouts of spec §2: default (theme header with navigation), home (the home-page
 * header over the hero) and bare (no theme header: a slim brand bar only). All share the
 * footer and the language menu.
 */
export const Shell = ({
  kind,
  locale,
  routeId,
  routeKey,
  siteName,
  children,
}: ShellProps) => {
  const { t, i18n } = useLingui();
  const entry = getLocaleEntry(locale);
  const env = findRequestContext()?.env;
  const domain = env ? cookieDomain(env) : undefined;
  const choices = languageChoices(routeId, routeKey, domain);
  const current = choices.find((c) => c.code === locale) ??
    choices.find((c) => c.code === entry.aliasOf) ?? {
      code: locale,
      label: entry.language,
      hreflang: entry.hreflang,
      href: routePath(locale, routeId, routeKey),
      cookie: localeCookie(locale, domain),
    };
  const session = hasSessionCookie();
  const hosts = requestHosts();
  const telemetry = {
    env: env?.envName ?? '',
    pageName: routeId,
    locale,
    release: String(import.meta.env.WAKU_BUILD_ID ?? ''),
    endpoints: env
      ? telemetryEndpoints(env, { analytics: getSiteConfig().analytics })
      : { analytics: '', frontLogger: '', performance: '', errors: '' },
  };
  const frameUrl = getSiteConfig().frameUrl;
  const slot = (name: 'header' | 'footer' | 'robot') =>
    frameUrl ? <div className="frame-slot" data-frame-slot={name} /> : null;
  const menu = (
    <>
      <LanguageMenu
        current={current}
        choices={choices}
        label={t`Choose language`}
      />
      <ThemeToggle label={t`Dark theme`} />
      <AccountCorner session={session} />
    </>
  );
  const homeLabel = t`${siteName} home`;
  return (
    <AppRoot
      locale={locale}
      homePath={routePath(locale, 'home')}
      messages={widgetMessages(locale)}
      session={session}
      telemetry={telemetry}
      frameUrl={frameUrl}
    >
      <div className={`shell shell-${kind}`}>
        <HtmlLang lang={entry.hreflang} dir={entry.dir} />
        <a className="skip-link" href="#main">
          {t`Skip to content`}
        </a>
        {slot('header')}
        {kind === 'bare' ? (
          <header className="bar bar-bare">
            <Brand locale={locale} name={siteName} homeLabel={homeLabel} />
            <div className="bar-tools">{menu}</div>
          </header>
        ) : (
          <header
            className={kind === 'home' ? 'bar bar-home' : 'bar bar-default'}
          >
            <Brand locale={locale} name={siteName} homeLabel={homeLabel} />
            <SiteNav
              i18n={i18n}
              locale={locale}
              current={routeId}
              label={t`Main navigation`}
              menuLabel={t`Menu`}
              closeLabel={t`Close menu`}
              away={{
                products: [
                  {
                    id: 'markets',
                    href: marketSiteUrl(hosts, locale),
                    label: t`Markets`,
                  },
                ],
                support: [
                  {
                    id: 'help',
                    href: helpCenterUrl(hosts, locale),
                    label: t`Help centre`,
                  },
                ],
              }}
            />
            <div className="bar-tools">{menu}</div>
          </header>
        )}
        {/* keyed by the page: a client navigation to another page mounts its sections anew,
            so each shows its placeholder at once and streams in; reconciled with the page
            before, a section's revealed boundary would keep the old page up until the new
            one's data had all come (React keeps revealed content in a transition) */}
        <main
          key={routeKey === undefined ? routeId : `${routeId}/${routeKey}`}
          id="main"
          tabIndex={-1}
        >
          {children}
        </main>
        <SiteFooter
          locale={locale}
          siteName={siteName}
          compact={kind === 'bare'}
          hosts={hosts}
          year={new Date(requestTime()).getUTCFullYear()}
        />
        {slot('footer')}
        {slot('robot')}
      </div>
    </AppRoot>
  );
};
