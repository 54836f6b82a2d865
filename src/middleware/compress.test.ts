import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';

import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';

import { runWithRequestContext } from '../lib/server/request-context.ts';
import { sectionData } from '../lib/server/section-data.ts';
import { requestContextFor } from '../lib/server/test-request-context.ts';
import {
  compress,
  compressStream,
  pickEncoding,
  STREAM_BURST_GAP_MS,
  STREAM_QUIET_MS,
} from './compress.ts';

const encoder = new TextEncoder();
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A page that sends its shell, waits, then sends the rest (like a streamed render). */
const slowPage = (shell: string, rest: string, waitMs: number) =>
  new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of shell.match(/[\s\S]{1,512}/g) ?? [])
        controller.enqueue(encoder.encode(part));
      await tick(waitMs);
      controller.enqueue(encoder.encode(rest));
      controller.close();
    },
  });

const readAll = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

/** What a flushed prefix of a brotli stream decodes to on its own (the stream not ended). */
const decodedPrefix = (prefix: Uint8Array): string =>
  brotliDecompressSync(prefix, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  }).toString();

/**
 * A brotli body read to its end after its first piece, fake time moved on by `stepMs` at each
 * read (the compressor flushes on its timers), decoded whole.
 */
const decodedWhole = async (
  reader: ReadableStreamDefaultReader<Uint8Array>,
  first: Uint8Array,
  stepMs: number,
): Promise<string> => {
  const pieces = [first];
  for (;;) {
    const read = reader.read();
    await vi.advanceTimersByTimeAsync(stepMs);
    const { done, value } = await read;
    if (done) break;
    pieces.push(value);
  }
  return brotliDecompressSync(Buffer.concat(pieces)).toString();
};

const shell = `<!doctype html><html><body><header>${'nav '.repeat(800)}</header>`;
const rest = `<main>${'row '.repeat(2000)}</main></body></html>`;

describe('compressStream', () => {
  it.each(['br', 'gzip'] as const)(
    'round-trips a streamed page (%s)',
    async (encoding) => {
      const out = await readAll(
        compressStream(slowPage(shell, rest, 5), encoding),
      );
      const plain =
        encoding === 'br' ? brotliDecompressSync(out) : gunzipSync(out);
      expect(plain.toString()).toBe(shell + rest);
      expect(out.byteLength).toBeLessThan((shell + rest).length / 10);
    },
  );

  it('flushes nothing between quick bursts: a page written in five bursts 2 ms apart arrives in one piece', async () => {
    const bursts = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < 5; i++) {
          controller.enqueue(
            encoder.encode(`<p>${`burst ${i} `.repeat(200)}</p>`),
          );
          await tick(2);
        }
        controller.close();
      },
    });
    const reader = compressStream(bursts, 'br').getReader();
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    expect(pieces).toHaveLength(1);
    expect(brotliDecompressSync(Buffer.concat(pieces)).toString()).toContain(
      'burst 4',
    );
  });

  it('streams a body past 256 KB even when it comes without a pause', async () => {
    // hard to compress (a pseudo-random walk), so the output is large too
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const rows = Array.from({ length: 400 }, () =>
      Array.from({ length: 128 }, () => next().toString(36).slice(0, 8)).join(
        '',
      ),
    );
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const r of rows) controller.enqueue(encoder.encode(r));
        controller.close();
      },
    });
    const pieces: Uint8Array[] = [];
    const reader = compressStream(big, 'gzip').getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(gunzipSync(Buffer.concat(pieces)).toString()).toBe(rows.join(''));
  });

  it('sends the shell before the slow part arrives (flushed once the page goes quiet)', async () => {
    const reader = compressStream(slowPage(shell, rest, 300), 'br').getReader();
    const started = Date.now();
    const chunks: Buffer[] = [];
    // read what arrives before the page's second part (one read pending at a time)
    let pending = reader.read();
    while (Date.now() - started < 200) {
      const next: ReadableStreamReadResult<Uint8Array> | 0 = await Promise.race(
        [pending, tick(50).then(() => 0 as const)],
      );
      if (next === 0) continue;
      if (next.done) break;
      chunks.push(Buffer.from(next.value));
      pending = reader.read();
    }
    expect(chunks.length).toBeGreaterThan(0);
    // a flushed prefix of a brotli stream decodes to the shell so far
    expect(decodedPrefix(Buffer.concat(chunks))).toBe(shell);
    await reader.cancel();
  });

  it.each([
    [
      'says it waits (a section waiting for its data)',
      true,
      STREAM_BURST_GAP_MS,
    ],
    ['says nothing', false, STREAM_QUIET_MS],
  ] as const)(
    'sends the shell once the page pauses for as long as it must when it %s',
    async (_what, waits, pauseMs) => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'performance'],
      });
      try {
        let release!: () => void;
        const later = new Promise<void>((resolve) => {
          release = resolve;
        });
        const page = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(shell));
            await later;
            controller.enqueue(encoder.encode(rest));
            controller.close();
          },
        });
        const reader = compressStream(page, 'br', () => waits).getReader();
        let arrived = false;
        const first = reader.read().then((read) => {
          arrived = true;
          return read;
        });
        // a pause just short of the one that counts: nothing is flushed, whatever zlib does
        await vi.advanceTimersByTimeAsync(pauseMs - 1);
        for (let i = 0; i < 20; i++)
          await new Promise((resolve) => setImmediate(resolve));
        expect(arrived).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        const { value = new Uint8Array() } = await first;
        expect(decodedPrefix(value)).toBe(shell);
        // the rest follows, and the whole decodes to the page
        release();
        expect(await decodedWhole(reader, value, STREAM_QUIET_MS)).toBe(
          shell + rest,
        );
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('stops quietly when the reader goes away, and fails when the page fails', async () => {
    const reader = compressStream(
      slowPage(shell, rest, 50),
      'gzip',
    ).getReader();
    await reader.read();
    await expect(reader.cancel()).resolves.toBeUndefined();
    await tick(80);

    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(shell));
        setTimeout(() => controller.error(new Error('render failed')), 5);
      },
    });
    await expect(readAll(compressStream(failing, 'br'))).rejects.toThrow(
      'render failed',
    );
  });
});

describe('compress middleware', () => {
  const app = new Hono();
  app.use(compress());
  app.get(
    '/page',
    () =>
      new Response(slowPage(shell, rest, 1), {
        headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Cookie' },
      }),
  );
  app.get(
    '/slow',
    () =>
      new Response(slowPage(shell, rest, 100), {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  );
  // answers without a length: a short text, and a long one arriving 100 bytes at a time
  const robots =
    'User-agent: *\nAllow: /\nSitemap: https://example/sitemap.xml\n';
  app.get(
    '/robots',
    () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(robots));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/plain' } },
      ),
  );
  const pieces = Array.from(
    { length: 40 },
    (_, i) => `${String(i).padStart(3, '0')}${'-'.repeat(97)}`,
  );
  app.get(
    '/pieces',
    () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const piece of pieces) {
              controller.enqueue(encoder.encode(piece));
              await tick();
            }
            controller.close();
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
  );
  // a body that declares under 1 KB is not worth a compressor
  app.get(
    '/small',
    () =>
      new Response('ok', {
        headers: { 'content-type': 'text/plain', 'content-length': '2' },
      }),
  );
  app.get(
    '/image',
    () =>
      new Response(new Uint8Array(4096), {
        headers: { 'content-type': 'image/png' },
      }),
  );
  app.get(
    '/done',
    () =>
      new Response('x'.repeat(4096), {
        headers: { 'content-type': 'text/html', 'content-encoding': 'br' },
      }),
  );

  it('compresses pages by Accept-Encoding, brotli first, and says so in Vary', async () => {
    const br = await app.request('/page', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    // whole before it went quiet: one buffer, with its length
    const body = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(body.byteLength));
    expect(brotliDecompressSync(body).toString()).toBe(shell + rest);
    const gz = await app.request('/page', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(
      shell + rest,
    );
  });

  it('streams a page that goes quiet (no length), its shell first', async () => {
    const res = await app.request('/slow', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBeNull();
    expect(
      brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(),
    ).toBe(shell + rest);
  });

  it('sends a short answer of unknown length as it is, with its length', async () => {
    const res = await app.request('/robots', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(robots.length));
    expect(await res.text()).toBe(robots);
  });

  it('compresses a long answer of unknown length that starts in small pieces', async () => {
    const res = await app.request('/pieces', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(
      brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(),
    ).toBe(pieces.join(''));
  });

  it('leaves alone what needs no compression or cannot take it', async () => {
    const plain = await app.request('/page');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(shell + rest);
    for (const path of ['/small', '/image']) {
      const res = await app.request(path, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers.get('content-encoding')).toBeNull();
    }
    const done = await app.request('/done', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(done.headers.get('content-encoding')).toBe('br');
    expect((await done.text()).length).toBe(4096);
  });

  it('picks an encoding only from what the client accepts', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(pickEncoding('x-gzip-ish, gzip')).toBe('gzip');
  });

  it.each([
    ['br;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, identity', undefined],
    ['gzip;q=0,br;q=0', undefined],
    ['BR', 'br'],
    ['GZip;Q=0.5', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=2', undefined],
    ['br;q=abc, gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['', undefined],
  ])('reads weights and case in %j', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });
});

describe('compress middleware, a page with a section waiting for its data', () => {
  let answer: (() => void) | undefined;
  const app = new Hono();
  app.use(compress());
  // the request-context step, as the server runs it: the render sees its request's context
  app.use((c, next) =>
    runWithRequestContext(requestContextFor(), next, c.req.raw),
  );
  app.get('/launchpad', () => {
    const data = sectionData(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    return new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(shell));
          await data;
          controller.enqueue(encoder.encode(rest));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  });

  it('sends its shell at the first pause, not after STREAM_QUIET_MS, and the rest when the data comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const answered = app.request('/launchpad', {
        headers: { 'accept-encoding': 'br' },
      });
      await vi.advanceTimersByTimeAsync(STREAM_BURST_GAP_MS);
      const res = await answered;
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('content-length')).toBeNull();
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      const { value = new Uint8Array() } = await reader.read();
      expect(decodedPrefix(value)).toBe(shell);
      answer?.();
      expect(await decodedWhole(reader, value, STREAM_BURST_GAP_MS)).toBe(
        shell + rest,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
