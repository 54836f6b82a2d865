import * as v from 'valibot';

/**
 * Addresses from API data that the site renders as links (`<a href>`): http(s) only, checked
 * once here so a component cannot be handed `javascript:`, `data:`, `vbscript:`, a
 * protocol-relative `//host` or a relative path. The check is on the text as sent, before any
 * browser clean-up: a browser drops tabs and newlines inside a URL and trims spaces and control
 * characters around it (`java\tscript:` is `javascript:` to it), so any of those refuses the
 * address instead of being cleaned. Credentials in the address (`https://bank.com@evil.test`)
 * are refused too: they only serve to disguise the host.
 */

/** The scheme as written, case-insensitive (`HTTPS://` is fine). */
const HTTP_PREFIX = /^https?:\/\//i;
/** Whitespace or a C0/C1 control character anywhere (URL parsers drop or trim them; we refuse them). */
const hasControlOrSpace = (value: string): boolean =>
  /\s/.test(value) ||
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
/** Longer addresses are refused rather than rendered. */
const MAX_LENGTH = 2048;

/** The address normalised (URL#href) when it is a safe http(s) link, else undefined. */
export const toHttpUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  if (!HTTP_PREFIX.test(value) || hasControlOrSpace(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url.href;
};

/**
 * A link the record can do without (a project's website, its social links): a missing or
 * unsafe address becomes undefined, so the page leaves that one link out and shows the rest.
 */
export const httpLinkSchema = v.optional(
  v.pipe(v.unknown(), v.transform(toHttpUrl)),
);
