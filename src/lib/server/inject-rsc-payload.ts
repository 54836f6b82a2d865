/**
 * The RSC payload of a document, inlined into its HTML as `<script>` tags that push the payload's
 * text onto `self.__FLIGHT_DATA` (read back in the browser by `rsc-html-stream/client`). Waku's HTML
 * pass imports `injectRSCPayload` from `rsc-html-stream/server`; waku.config.ts points that import
 * here (decision 0010).
 *
 * The same bytes as rsc-html-stream 0.0.8 (its tests are ours, see inject-rsc-payload.test.ts),
 * without its costliest step: it decoded every HTML chunk to a string and encoded it again, only
 * to cut the `</body></html>` the payload must come before. Here HTML chunks pass through as
 * they are; a chunk that ends with those bytes is cut with `subarray`.
 *
 * Order, as there: HTML chunks are held for one timer turn (React writes a flush in one go, so a
 * payload script never lands inside it); after the first HTML the payload is written as it
 * arrives, each chunk one script; at the end the HTML still held, then `</body></html>`. (Keeping
 * the timer turn matters under load: starting the payload at once when the HTML ends early let
 * some renders jump the queue, p99 110–128 ms against 82–102 at 32 connections.)
 */

const encoder = new TextEncoder();
const TRAILER_BYTES = encoder.encode('</body></html>');

/** `chunk` without `</body></html>` at its end (the same chunk when it does not end so). */
const withoutTrailer = (chunk: Uint8Array): Uint8Array => {
  const start = chunk.byteLength - TRAILER_BYTES.byteLength;
  if (start < 0) return chunk;
  for (let i = 0; i < TRAILER_BYTES.byteLength; i++)
    if (chunk[start + i] !== TRAILER_BYTES[i]) return chunk;
  return chunk.subarray(0, start);
};

/**
 * A script body never ends the script early or opens an HTML comment. Both need a `<`, which
 * most payload chunks do not hold: those are left as they are, without two copies of the
 * chunk's text.
 */
const escapeScript = (script: string): string =>
  script.includes('<')
    ? script.replace(/<!--/g, '<\\!--').replace(/<\/(script)/gi, '</\\$1')
    : script;

/** The push around the argument holds no `<`: escaping the argument escapes the script. */
const scriptTag = (nonce: string | undefined, argument: string): Uint8Array =>
  encoder.encode(
    `<script${nonce ? ` nonce="${nonce}"` : ''}>(self.__FLIGHT_DATA||=[]).push(${escapeScript(argument)})</script>`,
  );

/** Bytes that are not UTF-8 text travel as base64 and are rebuilt as bytes in the browser. */
const binaryArgument = (chunk: Uint8Array): string =>
  `Uint8Array.from(atob(${JSON.stringify(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('base64'))}), m => m.codePointAt(0))`;

const writePayload = async (
  rscStream: ReadableStream<Uint8Array>,
  controller: TransformStreamDefaultController<Uint8Array>,
  nonce: string | undefined,
): Promise<void> => {
  let decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = rscStream.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    let argument: string;
    try {
      argument = JSON.stringify(decoder.decode(chunk, { stream: true }));
    } catch {
      decoder = new TextDecoder('utf-8', { fatal: true });
      argument = binaryArgument(chunk);
    }
    controller.enqueue(scriptTag(nonce, argument));
  }
  const remaining = decoder.decode();
  if (remaining.length > 0)
    controller.enqueue(scriptTag(nonce, JSON.stringify(remaining)));
};

export function injectRSCPayload(
  rscStream: ReadableStream<Uint8Array>,
  options?: { nonce?: string },
): TransformStream<Uint8Array, Uint8Array> {
  const nonce = typeof options?.nonce === 'string' ? options.nonce : undefined;
  const held: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let payload: Promise<void> | undefined;
  let started!: () => void;
  const firstTurn = new Promise<void>((resolve) => (started = resolve));

  /**
   * The HTML held this turn, as one chunk: every stream after this one (the render line, the
   * compressor) then takes one step for it instead of one per chunk React wrote. A single chunk
   * passes as it is.
   */
  const flushHeld = (
    controller: TransformStreamDefaultController<Uint8Array>,
  ) => {
    const parts: Uint8Array[] = [];
    let size = 0;
    for (const chunk of held) {
      const bytes = withoutTrailer(chunk);
      if (bytes.byteLength === 0) continue;
      parts.push(bytes);
      size += bytes.byteLength;
    }
    held.length = 0;
    timer = undefined;
    if (parts.length > 1) controller.enqueue(Buffer.concat(parts, size));
    else if (parts[0]) controller.enqueue(parts[0]);
  };
  const startPayload = (
    controller: TransformStreamDefaultController<Uint8Array>,
  ) =>
    (payload ??= writePayload(rscStream, controller, nonce).catch(
      (error: unknown) => controller.error(error),
    ));

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      held.push(chunk);
      if (timer) return;
      timer = setTimeout(() => {
        try {
          flushHeld(controller);
          void startPayload(controller);
        } catch (error) {
          controller.error(error);
        } finally {
          started();
        }
      }, 0);
    },
    async flush(controller) {
      // the payload starts at the first timer turn after HTML (a page with no HTML at all: now)
      await (timer && !payload ? firstTurn : startPayload(controller));
      await payload;
      if (timer) {
        clearTimeout(timer);
        flushHeld(controller);
      }
      controller.enqueue(TRAILER_BYTES);
    },
  });
}
