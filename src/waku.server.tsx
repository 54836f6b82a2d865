import { createPages } from 'waku';
import {
  unstable_getRequest as getRequest,
  unstable_setNonce as setNonce,
} from 'waku/router/server';

import { Document } from './components/document.tsx';
import { DEFAULT_LOCALE, LOCALE_CODES, localeFromPath } from './lib/locales.ts';
import { findRequestContext } from './lib/server/request-context.ts';
import { ROUTES } from './routes.ts';
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
 * The router: the route table × the locale table, nothing else. Every route is registered
 * once per locale as a literal path, so an unknown locale never matches and gets the 404.
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
        component: () => {
          let pathname = '/';
          try {
            pathname = new URL(getRequest().url).pathname;
          } catch {
            // build-time render
          }
          return (
            <NotFoundView locale={localeFromPath(pathname) ?? DEFAULT_LOCALE} />
          );
        },
      });
      const localized = LOCALE_CODES.flatMap((locale) =>
        ROUTES.map((route) => {
          const path = `/${locale}${route.path}`;
          return 'param' in route
            ? createPage({
                render: 'dynamic',
                path: path as `/${string}/[${typeof route.param}]`,
                component: (props: Record<string, unknown>) => {
                  const key = props[route.param];
                  return (
                    <RouteView
                      locale={locale}
                      route={route}
                      routeKey={typeof key === 'string' ? key : undefined}
                      query={typeof props.query === 'string' ? props.query : ''}
                    />
                  );
                },
              })
            : createPage({
                render: 'dynamic',
                path: path as `/${string}`,
                component: (props: { query?: string }) => (
                  <RouteView
                    locale={locale}
                    route={route}
                    query={props.query ?? ''}
                  />
                ),
              });
        }),
      );
      return [notFound, ...localized];
    }),
);

export default adapter(pages);
