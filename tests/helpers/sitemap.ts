/**
 * The site's sitemaps as a crawler reads them: /sitemap.xml (the index), then every file it
 * names, fetched through the same origin.
 */
export type SitemapSet = {
  readonly index: string;
  /** Absolute file URL → its urlset. */
  readonly files: ReadonlyMap<string, string>;
};

const unescape = (s: string) => s.replace(/&amp;/g, '&');

/** The <loc> values of a sitemap document (index entries or urls). */
export const sitemapLocs = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1] ?? ''));

/** The <url> blocks of a urlset. */
export const urlBlocks = (xml: string): string[] =>
  [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');

export const readSitemaps = async (base: string): Promise<SitemapSet> => {
  const res = await fetch(`${base}/sitemap.xml`);
  if (res.status !== 200)
    throw new Error(`/sitemap.xml answered ${res.status}`);
  const index = await res.text();
  const files = new Map<string, string>();
  for (const loc of sitemapLocs(index)) {
    const file = await fetch(`${base}${new URL(loc).pathname}`);
    if (file.status !== 200) throw new Error(`${loc} answered ${file.status}`);
    files.set(loc, await file.text());
  }
  return { index, files };
};

/** Every page URL of every file of the index. */
export const sitemapPageUrls = async (base: string): Promise<string[]> =>
  [...(await readSitemaps(base)).files.values()].flatMap(sitemapLocs);
