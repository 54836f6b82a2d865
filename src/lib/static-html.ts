/**
 * Shared by `StaticHtml` (server) and `StaticHtmlFrame` (client): how a document's server-only
 * part is found by its HTML pass and, in the browser, in the server's HTML (decision 0009).
 */

/**
 * The function the server registers on `globalThis`: a part's HTML by key (`p0`, `p1` … in the
 * order the RSC pass met them: a CSS identifier, so `[data-sh=p0]` finds it), for this request.
 */
export const STATIC_HTML_LOOKUP = Symbol.for('exchange-web.static-html');

export type StaticHtmlLookup = (key: string) => string | undefined;

/** The HTML pass's side: a part of the document being rendered, if the server registered it. */
export const lookupStaticHtml = (key: string): string | undefined => {
  const lookup: unknown = Reflect.get(globalThis, STATIC_HTML_LOOKUP);
  if (typeof lookup !== 'function') return undefined;
  const html: unknown = Reflect.apply(lookup, undefined, [key]);
  return typeof html === 'string' ? html : undefined;
};
