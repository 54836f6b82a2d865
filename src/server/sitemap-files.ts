/**
 * Sitemap files (sitemaps.org 0.9): /sitemap.xml is always a <sitemapindex> naming one file per
 * locale (/sitemaps/<locale>-<n>.xml; a locale past 50,000 URLs or 50 MB gets more files), each
 * with the newest <lastmod> of its URLs. Every <url> carries its <lastmod>, its xhtml alternates
 * and its images (Google's image extension). Pure: no I/O, no request state.
 */
export const MAX_URLS_PER_FILE = 50_000;
/** 50 MB (uncompressed) per file, less room for the envelope. */
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024 - 1024;

export type SitemapUrl = {
  readonly locale: string;
  readonly loc: string;
  /** hreflang → absolute URL, x-default included. */
  readonly alternates: readonly (readonly [string, string])[];
  /** When the page's content last changed (W3C datetime, e.g. `2026-11-20T08:00:00.000Z`). */
  readonly lastmod?: string | undefined;
  /** Absolute URLs of images the page shows or shares (logo, share image). */
  readonly images?: readonly string[] | undefined;
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
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
const URLSET_CLOSE = '</urlset>\n';

const urlElement = (url: SitemapUrl): string =>
  `<url><loc>${escapeXml(url.loc)}</loc>${
    url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : ''
  }${url.alternates
    .map(
      ([hreflang, href]) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    )
    .join('')}${(url.images ?? [])
    .map(
      (image) =>
        `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`,
    )
    .join('')}</url>\n`;

/** The newest of W3C datetimes (ISO 8601 in UTC compare as strings once normalized). */
export const newestLastmod = (
  values: readonly (string | undefined)[],
): string | undefined => {
  let newest: number | undefined;
  for (const value of values) {
    const time = value ? Date.parse(value) : NaN;
    if (!Number.isNaN(time) && (newest === undefined || time > newest))
      newest = time;
  }
  return newest === undefined ? undefined : new Date(newest).toISOString();
};

type UrlsetFile = { readonly xml: string; readonly lastmod?: string };

/** Cuts one list of URLs into urlset documents, each within the limits. */
const urlsets = (
  urls: readonly SitemapUrl[],
  limits: SitemapLimits,
): UrlsetFile[] => {
  const files: UrlsetFile[] = [];
  const envelope = Buffer.byteLength(XML_HEAD + URLSET_OPEN + URLSET_CLOSE);
  let parts: string[] = [];
  let dates: (string | undefined)[] = [];
  let bytes = envelope;
  const flush = () => {
    if (parts.length) {
      const lastmod = newestLastmod(dates);
      files.push({
        xml: XML_HEAD + URLSET_OPEN + parts.join('') + URLSET_CLOSE,
        ...(lastmod ? { lastmod } : {}),
      });
    }
    parts = [];
    dates = [];
    bytes = envelope;
  };
  for (const url of urls) {
    const element = urlElement(url);
    const size = Buffer.byteLength(element);
    if (parts.length >= limits.maxUrls || bytes + size > limits.maxBytes)
      flush();
    parts.push(element);
    dates.push(url.lastmod);
    bytes += size;
  }
  flush();
  return files;
};

export type Sitemaps = {
  /** What /sitemap.xml answers: the index of the files below. */
  readonly root: string;
  /** File name (`de-DE-1.xml`) → urlset, served at /sitemaps/<name>. */
  readonly files: ReadonlyMap<string, string>;
};

/**
 * The sitemap documents for these URLs at `origin`: an index with one file per locale (more
 * past the limits), named per locale in URL order, so a crawler re-reading them sees stable
 * names. Each index entry's <lastmod> is the newest of its file's URLs.
 */
export const buildSitemaps = (
  origin: string,
  urls: readonly SitemapUrl[],
  limits: SitemapLimits = LIMITS,
): Sitemaps => {
  const byLocale = new Map<string, SitemapUrl[]>();
  for (const url of urls) {
    const list = byLocale.get(url.locale) ?? [];
    list.push(url);
    byLocale.set(url.locale, list);
  }
  const files = new Map<string, string>();
  const entries: string[] = [];
  for (const [locale, list] of byLocale)
    urlsets(list, limits).forEach((file, i) => {
      const name = `${locale}-${i + 1}.xml`;
      files.set(name, file.xml);
      entries.push(
        `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${name}`)}</loc>${
          file.lastmod ? `<lastmod>${escapeXml(file.lastmod)}</lastmod>` : ''
        }</sitemap>\n`,
      );
    });
  const root = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
  return { root, files };
};
