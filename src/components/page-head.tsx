import {
  canonicalLocale,
  getLocaleEntry,
  INDEXABLE_LOCALES,
  type Locale,
} from '../lib/locales.ts';
import { routePath, type RouteEntry } from '../routes.ts';

export type PageHeadProps = {
  origin: string;
  locale: Locale;
  route: RouteEntry;
  routeKey?: string | undefined;
  title: string;
  description: string;
  keywords?: string | undefined;
  siteName: string;
};

/**
 * The head of every page, from the route table and the locale table: title, description,
 * keywords, a self-referencing absolute canonical (en-US points at its en twin), hreflang
 * alternates for every locale plus x-default, Open Graph and a Twitter card. React hoists
 * these into <head>.
 */
export const PageHead = ({
  origin,
  locale,
  route,
  routeKey,
  title,
  description,
  keywords,
  siteName,
}: PageHeadProps) => {
  const canonical = `${origin}${routePath(canonicalLocale(locale), route.id, routeKey)}`;
  const entry = getLocaleEntry(locale);
  const fullTitle = `${title} | ${siteName}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      <link rel="canonical" href={canonical} />
      {route.indexable ? (
        <>
          {INDEXABLE_LOCALES.map((code) => (
            <link
              key={code}
              rel="alternate"
              hrefLang={getLocaleEntry(code).hreflang}
              href={`${origin}${routePath(code, route.id, routeKey)}`}
            />
          ))}
          <link
            rel="alternate"
            hrefLang="x-default"
            href={`${origin}${routePath('en', route.id, routeKey)}`}
          />
        </>
      ) : (
        <meta name="robots" content="noindex, follow" />
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={entry.ogLocale} />
      {INDEXABLE_LOCALES.filter((code) => code !== canonicalLocale(locale)).map(
        (code) => (
          <meta
            key={code}
            property="og:locale:alternate"
            content={getLocaleEntry(code).ogLocale}
          />
        ),
      )}
      {/* X reads the title and description from og:title and og:description */}
      <meta name="twitter:card" content="summary" />
    </>
  );
};
