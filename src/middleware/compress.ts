import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

import type { MiddlewareHandler } from 'hono';

import { replaceResponse } from './response.ts';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Compression by Accept-Encoding (brotli, then gzip) for what is not already compressed:
 * streamed HTML and RSC payloads stay streamed (each chunk is flushed), cached pages and
 * precompressed assets pass through untouched.
 */
export const compress = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (
    !res.body ||
    c.req.method === 'HEAD' ||
    res.headers.has('content-encoding')
  )
    return;
  if (res.status === 204 || res.status === 304 || res.status < 200) return;
  if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
  const length = Number(res.headers.get('content-length') ?? NaN);
  if (length < MIN_BYTES) return;
  const accept = c.req.header('accept-encoding') ?? '';
  const encoding = /\bbr\b/.test(accept)
    ? 'br'
    : /\bgzip\b/.test(accept)
      ? 'gzip'
      : undefined;
  if (!encoding) return;
  const encoder =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
  const source = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => encoder.destroy(error));
  const body = Readable.toWeb(
    source.pipe(encoder),
  ) as ReadableStream<Uint8Array>;
  const headers = new Headers(res.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding'))
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  replaceResponse(
    c,
    new Response(body, {
      status: res.status,
      statusText: res.statusText,
      headers,
    }),
  );
};
