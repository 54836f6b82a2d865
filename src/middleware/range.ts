import type { Context } from 'hono';

/**
 * One byte range: `bytes=first-[last]` or a suffix `bytes=-length` (RFC 9110 §14.1.2), spelled
 * exactly as the file server parses it (lower case, no spaces): any other spelling it would
 * read as "from byte 0".
 */
const ONE_BYTE_RANGE = /^bytes=(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * Whether a Range header is one byte range the file server can answer with a 206: a valid
 * single range. Anything else is ignored and answered with the whole file (200), as RFC 9110
 * §14.2 lets a server do: another unit, a syntax error, a last position before the first
 * (§14.1.1: invalid), or several ranges (we do not send multipart bodies).
 */
export const isSingleByteRange = (header: string): boolean => {
  const match = ONE_BYTE_RANGE.exec(header);
  if (!match) return false;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) return true;
  return !last || BigInt(last) >= BigInt(first ?? '0');
};

/**
 * In front of the static files: a Range header the file server would misread (it answers
 * `bytes=abc`, `items=0-5` or `bytes=0-1,5-6` with a 206 of the whole file, and `bytes=5-2` with
 * a 416) is taken off the request, with its If-Range, so the answer is the plain 200 a client
 * expects; so is any Range sent with If-Range.
 */
export const dropInvalidRange = (c: Context): void => {
  const range = c.req.header('range');
  if (range === undefined) return;
  // the file server does not check If-Range: a whole 200 is the one answer always right then
  if (isSingleByteRange(range) && c.req.header('if-range') === undefined)
    return;
  const headers = new Headers(c.req.raw.headers);
  headers.delete('range');
  headers.delete('if-range');
  c.req.raw = new Request(c.req.raw, { headers });
};
