'use client';

import { SHARE_IMAGE } from '../lib/share-image.ts';

export type HeadTagsProps = {
  /** The whole title (page title and site name). */
  title: string;
  description: string;
  keywords?: string | undefined;
  canonical: string;
  /** hreflang and URL of every locale's version, then x-default; absent: not indexable. */
  alternates?: readonly (readonly [string, string])[] | undefined;
  siteName: string;
  ogLocale: string;
  ogLocaleAlternates: readonly string[];
  /** The share image (absolute URL) and its alt text: the page's title. */
  image?: { url: string; alt: string } | undefined;
};

/**
 * The tags `PageHead` works out on the server, drawn here from plain values: in the RSC payload
 * they are one element with a few strings instead of some thirty elements, each serialized,
 * parsed again for the HTML pass and inlined for hydration (decision 0009). React hoists them
 * into <head> as before, and updates them on client navigation.
 */
export const HeadTags = ({
  title,
  description,
  keywords,
  canonical,
  alternates,
  siteName,
  ogLocale,
  ogLocaleAlternates,
  image,
}: HeadTagsProps) => (
  <>
    <title>{title}</title>
    <meta name="description" content={description} />
    {keywords ? <meta name="keywords" content={keywords} /> : null}
    <link rel="canonical" href={canonical} />
    {alternates ? (
      alternates.map(([hrefLang, href]) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))
    ) : (
      <meta name="robots" content="noindex, follow" />
    )}
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content={siteName} />
    <meta property="og:title" content={title} />
    <meta property="og:description" content={description} />
    <meta property="og:url" content={canonical} />
    <meta property="og:locale" content={ogLocale} />
    {ogLocaleAlternates.map((code) => (
      <meta key={code} property="og:locale:alternate" content={code} />
    ))}
    {image ? (
      <>
        <meta property="og:image" content={image.url} />
        <meta property="og:image:type" content={SHARE_IMAGE.type} />
        <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
        <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
        <meta property="og:image:alt" content={image.alt} />
      </>
    ) : null}
    {/* X reads the title, description and image from the og: tags */}
    <meta
      name="twitter:card"
      content={image ? 'summary_large_image' : 'summary'}
    />
  </>
);
