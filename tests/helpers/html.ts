/** Small readers for server HTML in HTTP-level tests (no browser needed). */
export const htmlLang = (html: string): string | undefined =>
  html.match(/<html[^>]*\slang="([^"]+)"/)?.[1];
export const htmlTitle = (html: string): string | undefined =>
  html
    .match(/<title>([^<]*)<\/title>/)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'");
export const linkHref = (
  html: string,
  rel: string,
  hreflang?: string,
): string | undefined => {
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!tag.includes(`rel="${rel}"`)) continue;
    if (
      hreflang !== undefined &&
      !tag.toLowerCase().includes(`hreflang="${hreflang.toLowerCase()}"`)
    )
      continue;
    return tag.match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  }
  return undefined;
};

/**
 * Symbol characters (arrows, box drawing, geometric shapes, dingbats) in a page's text, outside
 * its scripts and tags: a page's text face rarely has them, so each one costs the browser a
 * fallback-font search (see decision 0026). Marks are drawn (components/direction-mark.tsx).
 */
export const symbolsInText = (html: string): string[] => [
  ...new Set(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]*>/g, ' ')
      .match(/[\u2190-\u21ff\u2500-\u27bf\u2b00-\u2bff]/gu) ?? [],
  ),
];
