import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import type { BrotliCompress, Gzip } from 'node:zlib';

import type { MiddlewareHandler } from 'hono';

import { createTextMemo } from '../lib/memo.ts';
import { requestContextOf } from '../lib/server/request-context.ts';
import { replaceResponse } from './response.ts';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Settings for bodies compressed while they are made (pages, RSC payloads, API answers).
 * Through a zlib stream, every flush and every chunk is a trip to the zlib thread and back
 * through two kinds of streams, which costs more CPU than the compression itself (decisions
 * 0007, 0008 and 0014). So a body that is
 * complete before it goes quiet for `STREAM_QUIET_MS` (most pages: they render in a few ms)
 * is compressed in one call; one that goes quiet first (a page waiting for a slow API) is
 * streamed from then on, flushed whenever it pauses for `STREAM_BURST_GAP_MS`, so each part
 * leaves as soon as it is written. A page that says it waits (a section waiting for its data,
 * decision 0030) does not wait out `STREAM_QUIET_MS`: it streams from its first pause, so its
 * shell leaves at once (30 ms sooner, a third of the first paint's room with a 2 s API).
 * Brotli quality 2: nearly the bytes of quality 3 for less CPU (decision 0014). Cached pages and
 * assets are compressed once, at a higher quality, elsewhere.
 */
export const STREAM_BROTLI_QUALITY = 2;
export const STREAM_BROTLI_WINDOW_BITS = 18;
export const STREAM_GZIP_LEVEL = 5;
export const STREAM_QUIET_MS = 30;
/**
 * A pause between a streamed body's writes that ends a burst: React writes a section's markup
 * and its scripts within a fraction of a millisecond, so a longer pause means the part is whole.
 */
export const STREAM_BURST_GAP_MS = 2;
/** A body larger than this is streamed even when it comes without a pause. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export type Encoding = 'br' | 'gzip';

/** The weight a coding gets in an Accept-Encoding header: its own, else `*`'s, else 0. */
const weightOf = (accept: string, coding: Encoding): number => {
  let own: number | undefined;
  let any: number | undefined;
  for (const element of accept.split(',')) {
    const [name = '', ...params] = element.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== `x-${coding}` && token !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value.trim());
      // a weight that is not a number from 0 to 1 makes the element say nothing
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value.trim())
        ? parsed
        : NaN;
    }
    if (Number.isNaN(q)) continue;
    if (token === '*') any = q;
    else own = own === undefined ? q : Math.max(own, q);
  }
  return own ?? any ?? 0;
};

const encodings = createTextMemo<Encoding | ''>(256);

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): brotli when
 * the client takes it, else gzip, else none. Codings are matched without regard to case, a
 * `q=0` refuses one, `*` stands for those not named. Read once per distinct header.
 */
export const pickEncoding = (
  accept: string | undefined,
): Encoding | undefined =>
  accept === undefined
    ? undefined
    : encodings(accept, () =>
        weightOf(accept, 'br') > 0
          ? 'br'
          : weightOf(accept, 'gzip') > 0
            ? 'gzip'
            : '',
      ) || undefined;

const brotliParams = (sizeHint: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY,
  [constants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW_BITS,
  [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
});

const createEncoder = (
  encoding: Encoding,
  sizeHint: number,
): BrotliCompress | Gzip =>
  encoding === 'br'
    ? createBrotliCompress({ params: brotliParams(sizeHint) })
    : createGzip({ level: STREAM_GZIP_LEVEL, memLevel: 8 });

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A whole body in one call, on the zlib threadpool rather than the main thread, which then
 * holds only the callback and its bookkeeping (decisions 0013 and 0014).
 */
const compressWhole = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotliAsync(body, { params: brotliParams(body.byteLength) })
    : gzipAsync(body, { level: STREAM_GZIP_LEVEL, memLevel: 8 });

const asView = (chunk: Buffer) =>
  new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** A Buffer as a body for `Response` (zlib's output owns its memory: no copy). */
const bytesOf = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  buffer.buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);

/** A compressed body: whole (the source ended before it went quiet), or streamed from then on. */
type Compressed = {
  body: Promise<Buffer | ReadableStream<Uint8Array>>;
  /** The reader went away before the body was ready: stop reading the source. */
  cancel: (reason?: unknown) => Promise<void>;
};

/**
 * Compresses a byte stream without holding back what a reader should see: a body that ends
 * before the source goes quiet is compressed in one call; after a pause (or past 256 KB) a zlib
 * stream takes over and is flushed whenever the source goes quiet again.
 */
export const compressStream = (
  source: ReadableStream<Uint8Array>,
  encoding: Encoding,
  waiting?: () => boolean,
): ReadableStream<Uint8Array> => {
  const compressed = compressReader(source.getReader(), [], encoding, waiting);
  let streamed: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const body = await compressed.body;
      if (!(body instanceof ReadableStream)) {
        controller.enqueue(asView(body));
        controller.close();
        return;
      }
      streamed ??= body.getReader();
      const { done, value } = await streamed.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) =>
      streamed ? streamed.cancel(reason) : compressed.cancel(reason),
  });
};

/**
 * The same, for a body whose first chunks (`head`) were already read from `reader`: `body`
 * settles once the source has ended (a Buffer: one call to the compressor) or gone quiet (a
 * stream that goes on). `waiting` says whether the source has said it will go quiet (a page
 * with a section waiting for its data): then a pause of `STREAM_BURST_GAP_MS` is quiet enough.
 */
const compressReader = (
  reader: ReadableStreamDefaultReader<Uint8Array>,
  head: readonly Uint8Array[],
  encoding: Encoding,
  waiting: () => boolean = () => false,
): Compressed => {
  let settle!: (body: Buffer | ReadableStream<Uint8Array>) => void;
  const body = new Promise<Buffer | ReadableStream<Uint8Array>>((resolve) => {
    settle = resolve;
  });
  // set by the output stream's start, which runs as it is made (before any data arrives)
  let out!: ReadableStreamDefaultController<Uint8Array>;
  let encoder: BrotliCompress | Gzip | undefined;
  let cancelled = false;
  const pending: Uint8Array[] = [...head];
  let pendingBytes = head.reduce((sum, chunk) => sum + chunk.byteLength, 0);

  const cancel = (reason?: unknown) => {
    cancelled = true;
    clearTimeout(timer);
    encoder?.destroy();
    // nobody waits for a body that was cancelled before it was ready: an empty one ends the wait
    settle(Buffer.alloc(0));
    return reader.cancel(reason);
  };

  /** From now on through a zlib stream, starting with what was held so far. */
  const startStreaming = (): BrotliCompress | Gzip => {
    const stream = createEncoder(encoding, pendingBytes);
    settle(
      new ReadableStream<Uint8Array>({
        start(controller) {
          out = controller;
        },
        pull() {
          stream.resume();
        },
        cancel,
      }),
    );
    stream.on('data', (chunk: Buffer) => {
      out.enqueue(asView(chunk));
      // the reader is behind: hold the encoder until it pulls again
      if ((out.desiredSize ?? 1) <= 0) stream.pause();
    });
    stream.once('end', () => out.close());
    stream.on('error', (error) => out.error(error));
    for (const chunk of pending) stream.write(chunk);
    pending.length = 0;
    pendingBytes = 0;
    return stream;
  };

  let lastWrite = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** How long a pause is quiet: a burst's end once streaming or once the page says it waits. */
  const quietAfter = () =>
    encoder || waiting() ? STREAM_BURST_GAP_MS : STREAM_QUIET_MS;
  const flushIfQuiet = () => {
    timer = undefined;
    if (cancelled || encoder?.writableEnded || encoder?.destroyed) return;
    const quietFor = performance.now() - lastWrite;
    const needed = quietAfter();
    if (quietFor < needed) {
      timer = setTimeout(flushIfQuiet, needed - quietFor);
      return;
    }
    encoder ??= startStreaming();
    encoder.flush();
  };
  /** Something was written: act once the source has said nothing more for a while. */
  const written = () => {
    lastWrite = performance.now();
    timer ??= setTimeout(flushIfQuiet, quietAfter());
  };

  /** Until the encoder takes more input, or is gone (failed or cancelled). */
  const drained = (stream: BrotliCompress | Gzip) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });

  const pump = async () => {
    try {
      if (pendingBytes > 0) written();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || cancelled || encoder?.destroyed) break;
        if (encoder) {
          if (!encoder.write(value)) await drained(encoder);
        } else {
          pending.push(value);
          pendingBytes += value.byteLength;
          if (pendingBytes >= MAX_BUFFERED_BYTES) encoder = startStreaming();
        }
        written();
      }
      clearTimeout(timer);
      if (cancelled) return;
      if (encoder) {
        if (!encoder.destroyed) encoder.end();
        return;
      }
      settle(await compressWhole(Buffer.concat(pending), encoding));
    } catch (error) {
      clearTimeout(timer);
      const failure = error instanceof Error ? error : new Error(String(error));
      if (encoder) encoder.destroy(failure);
      else if (!cancelled)
        // failed before a byte was sent: the answer fails as the page did
        settle(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.error(failure);
            },
          }),
        );
    }
  };
  void pump();
  return { body, cancel };
};

/**
 * Compression by Accept-Encoding (brotli, then gzip) for what is not already compressed: a page
 * or RSC payload complete before it goes quiet is answered as one buffer with its length, one
 * that goes quiet (a slow API) is streamed; cached pages and precompressed assets pass through
 * untouched.
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
    // bytes costs more than it saves.
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
  // Most pages are whole before they go quiet: sent as one buffer with its length (the server
  // writes headers and body at once); a page that went quiet first is streamed from there.
  // a page with a section waiting for its data will go quiet: its shell need not wait to see it
  // (the request's context looked up once, its count read at each write)
  const context = requestContextOf(c.req.raw);
  const body = await compressReader(
    reader,
    head,
    encoding,
    () => (context?.sectionsWaiting ?? 0) > 0,
  ).body;
  if (!(body instanceof ReadableStream))
    headers.set('content-length', String(body.byteLength));
  replaceResponse(
    c,
    new Response(body instanceof ReadableStream ? body : bytesOf(body), {
      status: res.status,
      statusText: res.statusText,
      headers,
    }),
  );
};
