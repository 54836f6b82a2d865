import { readFileSync } from 'node:fs';

import { validateXML } from 'xmllint-wasm';

/**
 * Validates a sitemap document against the sitemaps.org 0.9 schemas (tests/schemas), with
 * libxml2's xmllint compiled to WebAssembly: no network, no system package. The urlset schema is
 * strict about foreign elements, so the xhtml:link alternates and Google's image entries are
 * declared too (tests/schemas/sitemap-image.xsd).
 */
const schema = (name: string) => ({
  fileName: name,
  contents: readFileSync(
    new URL(`../schemas/${name}`, import.meta.url),
    'utf8',
  ),
});

export const validateSitemapXml = async (xml: string): Promise<string[]> => {
  const index = /<sitemapindex[\s>]/.test(xml);
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [schema(index ? 'siteindex.xsd' : 'sitemap-with-xhtml.xsd')],
    preload: index
      ? []
      : [
          schema('sitemap.xsd'),
          schema('xhtml-link.xsd'),
          schema('sitemap-image.xsd'),
        ],
    maxMemoryPages: 16_384,
  });
  return result.errors.map((e) => e.message);
};
