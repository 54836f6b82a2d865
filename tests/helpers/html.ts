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
