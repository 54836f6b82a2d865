import { createPages } from 'waku';
import {
  unstable_getRequest as getRequest,
  unstable_redirect as redirect,
  unstable_setNonce as setNonce,
} from 'waku/router/server';

import { Document } from './components/document.tsx';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from './i18n/locales.ts';
import { visitorLocale } from './i18n/request.ts';
import { localePrefix, localeStrategy } from './i18n/routing.ts';
import { findRequestContext } from './lib/server/request-context.ts';
import { ROUTES, routePath, type RouteEntry } from './routes.ts';
import adapter from './server/adapter.ts';
import { NotFoundView } from './server/not-found-view.tsx';
import { RouteView } from './server/render-route.tsx';
import { robotsTxt } from './server/robots.ts';
import { shareImage } from './server/share-image.ts';
import { sitemapFile, sitemapXml } from './server/sitemap.ts';

const sitemapFileOf = (
  _req: Request,
  { params }: { params: Record<string, string | string[]> },
) => sitemapFile(typeof params.file === 'string' ? params.file : '');

const param = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : '';
const shareImageOf = (
  _req: Request,
  { params }: { params: Record<string, string | string[]> },
) => shareImage(param(params.locale), undefined, param(params.file));
const keyedShareImageOf = (
  _req: Request,
  { params }: { params: Record<string, string | string[]> },
) => shareImage(param(params.locale), param(params.route), param(params.file));

/**
 * A route registered with a prefix the configured strategy does not use (the unprefixed
 * registration under `prefix`, `/en/…` under `prefix_except_default`) answers only client
 * navigations there (documents were redirected by the normalize middleware): it redirects them
 * to the page's spelling under the strategy, in the visitor's language when the path had none.
 */
const redirectToStrategySpelling = (
  registeredPrefix: string,
  locale: Locale,
  route: RouteEntry,
  key: string | undefined,
) => {
  const strategy = localeStrategy();
  if (localePrefix(locale, strategy) === registeredPrefix) return;
  let target = locale;
  if (registeredPrefix === '') {
    const headers = getRequest().headers;
    target = visitorLocale((name) => headers.get(name) ?? undefined).locale;
  }
  redirect(
    routePath(target, route.id, key, strategy),
    registeredPrefix === '' ? 307 : 308,
  );
};

/**
 * The router: the route table × the locale table, nothing else. Every route is registered
 * once per locale as a literal path, so an unknown locale never matches and gets the 404, and
 * once without a prefix for the default language (served under `prefix_except_default`; the
 * build registers both, the strategy is read when the server starts).
 */
const pages = createPages(
  ({ createPage, createRoot, createApi, createInterceptor }) =>
    Promise.resolve().then(() => {
      // The CSP nonce the middleware made for this request goes on Waku's inline scripts.
      createInterceptor((next) => {
        const nonce = findRequestContext()?.nonce;
        if (nonce) setNonce(nonce);
        return next();
      });
      createRoot({ render: 'dynamic', component: Document });
      createApi({
        render: 'dynamic',
        path: '/sitemap.xml',
        handlers: { GET: sitemapXml, HEAD: sitemapXml },
      });
      createApi({
        render: 'dynamic',
        path: '/sitemaps/[file]',
        handlers: {
          GET: sitemapFileOf,
          HEAD: sitemapFileOf,
        },
      });
      createApi({
        render: 'dynamic',
        path: '/og/[locale]/[file]',
        handlers: { GET: shareImageOf, HEAD: shareImageOf },
      });
      createApi({
        render: 'dynamic',
        path: '/og/[locale]/[route]/[file]',
        handlers: { GET: keyedShareImageOf, HEAD: keyedShareImageOf },
      });
      createApi({
        render: 'dynamic',
        path: '/robots.txt',
        handlers: { GET: robotsTxt, HEAD: robotsTxt },
      });
      const notFound = createPage({
        render: 'dynamic',
        path: '/404',
        // the language of the answer (the request context's: the path's, else the visitor's)
        component: () => (
          <NotFoundView
            locale={findRequestContext()?.locale ?? DEFAULT_LOCALE}
          />
        ),
      });
      const registrations: { prefix: string; locale: Locale }[] = [
        ...LOCALE_CODES.map((locale) => ({ prefix: `/${locale}`, locale })),
        { prefix: '', locale: DEFAULT_LOCALE },
      ];
      const localized = registrations.flatMap(({ prefix, locale }) =>
        ROUTES.map((route) => {
          const path = `${prefix}${route.path}` || '/';
          return 'param' in route
            ? createPage({
                render: 'dynamic',
                path: path as `/${string}/[${typeof route.param}]`,
                component: (props: Record<string, unknown>) => {
                  const value = props[route.param];
                  const key = typeof value === 'string' ? value : undefined;
                  redirectToStrategySpelling(prefix, locale, route, key);
                  return (
                    <RouteView
                      locale={locale}
                      route={route}
                      routeKey={key}
                      query={typeof props.query === 'string' ? props.query : ''}
                    />
                  );
                },
              })
            : createPage({
                render: 'dynamic',
                path: path as `/${string}`,
                component: (props: { query?: string }) => {
                  redirectToStrategySpelling(prefix, locale, route, undefined);
                  return (
                    <RouteView
                      locale={locale}
                      route={route}
                      query={props.query ?? ''}
                    />
                  );
                },
              });
        }),
      );
      return [notFound, ...localized];
    }),
);

export default adapter(pages);
