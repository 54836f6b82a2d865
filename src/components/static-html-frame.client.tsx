'use client';

import { lookupStaticHtml } from '../lib/static-html.ts';

export type StaticHtmlContainer =
  | 'a'
  | 'div'
  | 'dl'
  | 'footer'
  | 'header'
  | 'nav'
  | 'p'
  | 'section'
  | 'summary'
  | 'ul';

/** The container's own attributes (the part itself is HTML inside it). */
export type StaticHtmlAttributes = {
  as: StaticHtmlContainer;
  className?: string;
  role?: string;
  tabIndex?: number;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** For a link container (`as="a"`): a site link (`SiteLink`'s attributes). */
  href?: string;
  'data-app-link'?: '';
};

export type StaticHtmlFrameProps = StaticHtmlAttributes &
  (
    | { html: string; htmlKey?: undefined }
    | { html?: undefined; htmlKey: string }
  );

/** What this page's server HTML held, by key, read once (see `documentHtml`). */
const readFromDocument = new Map<string, string>();

/**
 * A server-only part of the document being rendered or hydrated, by key. On the server the HTML
 * pass reads it from the request (registered by the RSC pass); in the browser it is the server's
 * HTML already on the page, kept for any later mount of the same part (the error screen's Try again
 * mounts the first page's elements again).
 */
const documentHtml = (key: string): string => {
  if (typeof document === 'undefined') {
    const html = lookupStaticHtml(key);
    if (html === undefined)
      throw new Error(`StaticHtml: part ${key} is not in this request`);
    return html;
  }
  const known = readFromDocument.get(key);
  if (known !== undefined) return known;
  const html = document.querySelector(`[data-sh=${key}]`)?.innerHTML;
  if (html === undefined) return '';
  readFromDocument.set(key, html);
  return html;
};

/**
 * The container of a server-only part (`StaticHtml`). In an RSC payload fetched by the router the
 * HTML comes with it; in a document it does not: the HTML is in the page already, so the payload
 * inlined for hydration carries only a key (`data-sh`) instead of the same markup a second time
 * (decision 0009).
 */
export const StaticHtmlFrame = ({
  as: Tag,
  html,
  htmlKey,
  ...attributes
}: StaticHtmlFrameProps) => (
  <Tag
    {...attributes}
    data-sh={htmlKey}
    dangerouslySetInnerHTML={{ __html: html ?? documentHtml(htmlKey) }}
  />
);
