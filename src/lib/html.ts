const ESCAPED = /["'&<>]/;
const ENTITY: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Text or an attribute value made safe for HTML, escaped as React escapes it. */
export const escapeHtml = (text: string): string =>
  ESCAPED.test(text) ? text.replace(/["'&<>]/g, (c) => ENTITY[c] ?? c) : text;
