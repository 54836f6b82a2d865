/**
 * Sitemap files (sitemaps.org 0.9): one <urlset> while the site has at most 50,000 URLs and the
 * file stays under 50 MB; beyond that a <sitemapindex> at /sitemap.xml naming per-locale files
 * (/sitemaps/<locale>-<n>.xml), each again within both limits. Pure: no I/O, no request state.
 */
export const MAX_URLS_PER_FILE = 50_000;
/** 50 MB (uncompressed) per file, less room for the envelope. */
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024 - 1024;

export type SitemapUrl = {
  readonly locale: string;
  readonly loc: string;
  /** hreflang → absolute URL, x-default included. */
  readonly alternates: readonly (readonly [string, string])[];
};

export type SitemapLimits = { maxUrls: number; maxBytes: number };
const LIMITS: SitemapLimits = {
  maxUrls: MAX_URLS_PER_FILE,
  maxBytes: MAX_BYTES_PER_FILE,
};

export const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) =>
      ({
        '<': '&lt;',
        '>': '&gt;',
        '&': '&amp;',
        "'": '&apos;',
        '"': '&quot;',
      })[ch] ?? ch,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

const urlElement = (url: SitemapUrl): string =>
  `<url><loc>${escapeXml(url.loc)}</loc>${url.alternates
    .map(
      ([hreflang, href]) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    )
    .join('')}</url>\n`;

/** Cuts one list of URLs into urlset documents, each within the limits. */
const urlsets = (
  urls: readonly SitemapUrl[],
  limits: SitemapLimits,
): string[] => {
  const files: string[] = [];
  const envelope = Buffer.byteLength(XML_HEAD + URLSET_OPEN + URLSET_CLOSE);
  let parts: string[] = [];
  let bytes = envelope;
  const flush = () => {
    if (parts.length)
      files.push(XML_HEAD + URLSET_OPEN + parts.join('') + URLSET_CLOSE);
    parts = [];
    bytes = envelope;
  };
  for (const url of urls) {
    const element = urlElement(url);
    const size = Buffer.byteLength(element);
    if (parts.length >= limits.maxUrls || bytes + size > limits.maxBytes)
      flush();
    parts.push(element);
    bytes += size;
  }
  flush();
  return files;
};

export type Sitemaps = {
  /** What /sitemap.xml answers: a urlset, or the index of the files below. */
  readonly root: string;
  /** File name (`de-DE-1.xml`) → urlset, only when the root is an index. */
  readonly files: ReadonlyMap<string, string>;
};

/**
 * The sitemap documents for these URLs at `origin`. Files of the index are named per locale in
 * URL order, so a crawler re-reading them sees stable names.
 */
export const buildSitemaps = (
  origin: string,
  urls: readonly SitemapUrl[],
  limits: SitemapLimits = LIMITS,
): Sitemaps => {
  const single = urlsets(urls, limits);
  if (single.length <= 1)
    return {
      root: single[0] ?? XML_HEAD + URLSET_OPEN + URLSET_CLOSE,
      files: new Map(),
    };
  const byLocale = new Map<string, SitemapUrl[]>();
  for (const url of urls) {
    const list = byLocale.get(url.locale) ?? [];
    list.push(url);
    byLocale.set(url.locale, list);
  }
  const files = new Map<string, string>();
  for (const [locale, list] of byLocale)
    urlsets(list, limits).forEach((doc, i) =>
      files.set(`${locale}-${i + 1}.xml`, doc),
    );
  const root = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
    ...files.keys(),
  ]
    .map(
      (name) =>
        `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc></sitemap>\n`,
    )
    .join('')}</sitemapindex>\n`;
  return { root, files };
};
