import {
  canonicalLocale,
  getLocaleEntry,
  INDEXABLE_LOCALES,
  type Locale,
} from '../i18n/locales.ts';
import { shareImagePath } from '../lib/share-image.ts';
import { routePath, type RouteEntry } from '../routes.ts';
import { HeadTags } from './head-tags.client.tsx';

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
 * alternates for every locale plus x-default, Open Graph and a Twitter card, worked out here and
 * drawn by `HeadTags` (React hoists them into <head>).
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
  const own = canonicalLocale(locale);
  const canonical = `${origin}${routePath(own, route.id, routeKey)}`;
  const entry = getLocaleEntry(locale);
  return (
    <HeadTags
      title={`${title} | ${siteName}`}
      description={description}
      keywords={keywords}
      canonical={canonical}
      alternates={
        route.indexable
          ? [
              ...INDEXABLE_LOCALES.map(
                (code) =>
                  [
                    getLocaleEntry(code).hreflang,
                    `${origin}${routePath(code, route.id, routeKey)}`,
                  ] as const,
              ),
              [
                'x-default',
                `${origin}${routePath('en', route.id, routeKey)}`,
              ] as const,
            ]
          : undefined
      }
      siteName={siteName}
      ogLocale={entry.ogLocale}
      ogLocaleAlternates={INDEXABLE_LOCALES.filter((code) => code !== own).map(
        (code) => getLocaleEntry(code).ogLocale,
      )}
      image={
        route.indexable
          ? {
              url: `${origin}${shareImagePath(own, route.id, routeKey)}`,
              alt: title,
            }
          : undefined
      }
    />
  );
};
