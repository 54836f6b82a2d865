import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { BrotliCompress, Gzip } from 'node:zlib';

import type { MiddlewareHandler } from 'hono';

import { replaceResponse } from './response.ts';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Settings for bodies compressed while they are made (pages, RSC payloads). Measured on a 46 KB
 * page (issue 8, decision 0007): flushing brotli after every chunk cost about 2.4 ms of CPU a page;
 * one flush per burst about 1.4 ms, at the same quality and a 2% smaller output. A 256 KB window
 * is plenty for pages of 40–70 KB. Cached pages and assets are compressed once, at a higher
 * quality, elsewhere.
 */
export const STREAM_BROTLI_QUALITY = 4;
export const STREAM_BROTLI_WINDOW_BITS = 18;
export const STREAM_GZIP_LEVEL = 5;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from an Accept-Encoding header (brotli first). */
export const pickEncoding = (
  accept: string | undefined,
): Encoding | undefined =>
  accept === undefined
    ? undefined
    : /\bbr\b/.test(accept)
      ? 'br'
      : /\bgzip\b/.test(accept)
        ? 'gzip'
        : undefined;

const createEncoder = (encoding: Encoding): BrotliCompress | Gzip =>
  encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW_BITS,
        },
      })
    : createGzip({ level: STREAM_GZIP_LEVEL, memLevel: 8 });

/**
 * Compresses a byte stream and keeps it streaming: what the source wrote in one turn of the event
 * loop is flushed together at the end of that turn (one flush per burst, not per chunk, which
 * costs CPU and compression), so a page's shell still reaches the reader before its slow parts.
 */
export const compressStream = (
  source: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> =>
  compressReader(source.getReader(), [], encoding);

/** The same, for a body whose first chunks (`head`) were already read from `reader`. */
const compressReader = (
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: readonly Uint8Array[],
  encoding: Encoding,
): ReadableStream<Uint8Array> => {
  const encoder = createEncoder(encoding);
  let flushQueued = false;
  const flushBurst = () => {
    flushQueued = false;
    if (!encoder.writableEnded && !encoder.destroyed) encoder.flush();
  };
  /** One flush at the end of this turn of the event loop, for everything written in it. */
  const queueFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    setImmediate(flushBurst);
  };
  /** Until the encoder takes more input, or is gone (failed or cancelled). */
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        encoder.off('drain', done);
        encoder.off('close', done);
        resolve();
      };
      encoder.on('drain', done);
      encoder.on('close', done);
    });
  const pump = async () => {
    try {
      for (const chunk of head) encoder.write(chunk);
      if (head.length > 0) queueFlush();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || encoder.destroyed) break;
        if (!encoder.write(value)) await drained();
        if (encoder.destroyed) break;
        queueFlush();
      }
      if (!encoder.destroyed) encoder.end();
    } catch (error) {
      encoder.destroy(
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      encoder.on('data', (chunk: Buffer) => {
        controller.enqueue(
          new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength),
        );
        // the reader is behind: hold the encoder until it pulls again
        if ((controller.desiredSize ?? 1) <= 0) encoder.pause();
      });
      encoder.once('end', () => controller.close());
      encoder.on('error', (error) => controller.error(error));
      void pump();
    },
    pull() {
      encoder.resume();
    },
    cancel(reason) {
      encoder.destroy();
      return reader.cancel(reason);
    },
  });
};

/**
 * Compression by Accept-Encoding (brotli, then gzip) for what is not already compressed:
 * streamed HTML and RSC payloads stay streamed, cached pages and precompressed assets pass
 * through untouched.
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
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const reader = res.body.getReader();
  const head: Uint8Array[] = [];
  if (Number.isNaN(length)) {
    // No length given (an API route's text, a short JSON, a page): read up to MIN_BYTES ahead.
    // A body that ends before that is sent as it is, with its length: a compressor for a few
    // bytes costs more than it saves (issue 8: most of the CPU of a /robots.txt answer).
    let size = 0;
    while (size < MIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        const body = Buffer.concat(head, size);
        const headers = new Headers(res.headers);
        headers.set('content-length', String(size));
        replaceResponse(
          c,
          new Response(body, {
            status: res.status,
            statusText: res.statusText,
            headers,
          }),
        );
        return;
      }
      head.push(value);
      size += value.byteLength;
    }
  }
  const headers = new Headers(res.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding'))
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  replaceResponse(
    c,
    new Response(compressReader(reader, head, encoding), {
      status: res.status,
      statusText: res.statusText,
      headers,
    }),
  );
};
