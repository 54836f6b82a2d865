import 'server-only';

import type { ReactNode } from 'react';

import { ErrorScreen } from '../components/errors/error-screen.tsx';
import { PageHead } from '../components/page-head.tsx';
import { StaticHtml } from '../components/static-html.tsx';
import { setupServerI18n } from '../lib/i18n/server.ts';
import type { Locale } from '../lib/locales.ts';
import { PageStatusError } from '../lib/page-status.ts';
import { pageLabel } from '../lib/page.ts';
import { log } from '../lib/server/log.ts';
import {
  findRequestContext,
  setResponseStatus,
} from '../lib/server/request-context.ts';
import { getSiteConfig } from '../lib/server/site-config.ts';
import { jsonLdJson } from '../lib/structured-data.ts';
import { headingOf, keywordsOf, ROUTE_META } from '../route-meta.ts';
import { loadPageHooks, loadPageView } from '../route-pages.ts';
import type { RouteEntry } from '../routes.ts';
import { Shell } from '../shell/layout/shell.tsx';
import { applyRedirectRule } from './redirects.ts';
import { pageStructuredData } from './structured-data.ts';

type Outcome =
  | { ok: true; content: ReactNode; keyLabel: string | undefined }
  | {
      ok: false;
      status: number;
      message: string;
      retryAfter?: number | undefined;
    };

const logError = (route: RouteEntry, error: unknown) => {
  const context = findRequestContext();
  log('error', 'page render failed', {
    route: route.id,
    requestId: context?.requestId,
    error:
      error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error),
  });
};

const runPage = async (
  locale: Locale,
  route: RouteEntry,
  routeKey: string | undefined,
  search: URLSearchParams,
): Promise<Outcome> => {
  const [view, hooks] = await Promise.all([
    loadPageView(route.id),
    loadPageHooks(route.id),
  ]);
  try {
    if (route.param) {
      const result =
        routeKey && hooks.validate
          ? await hooks.validate(routeKey, locale)
          : { statusCode: 404, statusMessage: 'Not Found' };
      if (result !== true)
        return {
          ok: false,
          status: result.statusCode || 404,
          message: result.statusMessage,
        };
    }
    const content = await view.default({ locale, routeKey, search });
    const keyLabel = await pageLabel(hooks, routeKey, locale);
    return { ok: true, content, keyLabel };
  } catch (error) {
    if (error instanceof PageStatusError) {
      return {
        ok: false,
        status: error.status,
        message: error.message,
        retryAfter: error.retryAfter,
      };
    }
    logError(route, error);
    return { ok: false, status: 500, message: 'Internal Server Error' };
  }
};

/** One route in one locale: i18n bound, validated, loaded, wrapped in its layout and head. */
export const RouteView = async ({
  locale,
  route,
  routeKey,
  query = '',
}: {
  locale: Locale;
  route: RouteEntry;
  routeKey?: string | undefined;
  query?: string;
}) => {
  const i18n = setupServerI18n(locale);
  const site = getSiteConfig();
  const origin = findRequestContext()?.origin ?? site.siteOrigin;
  /** The route's layout around its page, or around the error screen that replaces it. */
  const inShell = (children: ReactNode) => (
    <Shell
      kind={route.layout}
      locale={locale}
      routeId={route.id}
      routeKey={routeKey}
      siteName={site.siteName}
    >
      {children}
    </Shell>
  );
  // The redirect rule's lookup and the page run side by side: the page starts its sections'
  // data as it is called (decision 0030), so those API calls overlap the lookup, and a redirect
  // (thrown by applyRedirectRule) still wins before any byte goes out.
  const [, outcome] = await Promise.all([
    applyRedirectRule(),
    runPage(
      locale,
      route,
      routeKey,
      // the request's page address (src/page-address.ts, applied by middleware/render.ts):
      // only the parameters the page declares, each as the page reads it
      new URLSearchParams(query),
    ),
  ]);
  if (!outcome.ok) {
    setResponseStatus(outcome.status, outcome.message, outcome.retryAfter);
    return inShell(<ErrorScreen locale={locale} status={outcome.status} />);
  }
  const meta = ROUTE_META[route.id];
  const values = { key: outcome.keyLabel ?? '' };
  const description = i18n._({ ...meta.description, values: values });
  const structuredData = await pageStructuredData({
    route,
    routeKey,
    locale,
    i18n,
    origin,
    siteName: site.siteName,
    heading: i18n._({ ...headingOf(meta), values: values }),
    description,
    hooks: await loadPageHooks(route.id),
  });
  return inShell(
    <>
      <PageHead
        origin={origin}
        locale={locale}
        route={route}
        routeKey={routeKey}
        title={i18n._({ ...meta.title, values: values })}
        description={description}
        keywords={i18n._(keywordsOf(route.id))}
        siteName={site.siteName}
      />
      {outcome.content}
      {structuredData.length ? (
        <StaticHtml as="div">
          {structuredData.map((block, index) => (
            <script
              key={index}
              type="application/ld+json"
              dangerouslySetInnerHTML={{ __html: jsonLdJson(block) }}
            />
          ))}
        </StaticHtml>
      ) : null}
    </>,
  );
};
