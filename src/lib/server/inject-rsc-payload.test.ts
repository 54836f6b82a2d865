import { injectRSCPayload as original } from 'rsc-html-stream/server';
import { describe, expect, it } from 'vitest';

import { injectRSCPayload } from './inject-rsc-payload.ts';

type Step = { readonly chunk: Uint8Array | string; readonly afterMs?: number };

const bytes = (chunk: Uint8Array | string) =>
  typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;

/** Every chunk of `stream`, in order. */
const chunksOf = async (stream: ReadableStream<Uint8Array>) => {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
};

/** A stream that gives its steps one by one, each after its delay. */
const streamOf = (steps: readonly Step[]) => {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = steps[at++];
      if (!step) {
        controller.close();
        return;
      }
      if (step.afterMs !== undefined)
        await new Promise((resolve) => setTimeout(resolve, step.afterMs));
      controller.enqueue(bytes(step.chunk));
    },
  });
};

const run = async (
  inject: (
    rsc: ReadableStream<Uint8Array>,
    options?: { nonce?: string },
  ) => TransformStream<Uint8Array, Uint8Array>,
  html: readonly Step[],
  rsc: readonly Step[],
  options?: { nonce?: string },
) => {
  const out = streamOf(html).pipeThrough(inject(streamOf(rsc), options));
  return Buffer.concat(await chunksOf(out)).toString('utf8');
};

/** The same scenario through rsc-html-stream and through ours: the same bytes. */
const same = async (
  html: readonly Step[],
  rsc: readonly Step[],
  options?: { nonce?: string },
) => {
  const expected = await run(
    original as typeof injectRSCPayload,
    html,
    rsc,
    options,
  );
  const actual = await run(injectRSCPayload, html, rsc, options);
  expect(actual).toBe(expected);
  return actual;
};

const euro = new TextEncoder().encode('"€ price"');

describe('injectRSCPayload (the RSC payload inlined into a document)', () => {
  it('writes the payload after the HTML and before </body></html>, with the nonce', async () => {
    const out = await same(
      [
        {
          chunk:
            '<!DOCTYPE html><html><head></head><body><p>hi</p></body></html>',
        },
      ],
      [{ chunk: '0:["$","p",null,{}]\n' }, { chunk: '1:"x"\n', afterMs: 5 }],
      { nonce: 'abc' },
    );
    expect(out).toBe(
      '<!DOCTYPE html><html><head></head><body><p>hi</p>' +
        '<script nonce="abc">(self.__FLIGHT_DATA||=[]).push("0:[\\"$\\",\\"p\\",null,{}]\\n")</script>' +
        '<script nonce="abc">(self.__FLIGHT_DATA||=[]).push("1:\\"x\\"\\n")</script>' +
        '</body></html>',
    );
  });

  it('keeps a character split across payload chunks whole, and escapes </script and <!--', async () => {
    const out = await same(
      [{ chunk: '<html><body>' }, { chunk: '</body></html>', afterMs: 3 }],
      [
        { chunk: euro.subarray(0, 2) },
        { chunk: euro.subarray(2), afterMs: 2 },
        { chunk: '2:"</SCRIPT><!-- x"\n', afterMs: 2 },
      ],
    );
    expect(out).toContain('€ price');
    expect(out).not.toMatch(/<\/script>[^<]*<!--/i);
    expect(out).toContain('<\\!--');
  });

  it('sends bytes that are not UTF-8 as base64', async () => {
    const out = await same(
      [{ chunk: '<html><body>x</body></html>' }],
      [
        { chunk: new Uint8Array([0xff, 0xfe, 0x41]) },
        { chunk: '3:"ok"\n', afterMs: 2 },
      ],
    );
    expect(out).toContain('atob("//5B")');
    expect(out).toContain('3:\\"ok\\"');
  });

  it('keeps the order when the HTML streams on while the payload is being written', async () => {
    await same(
      [
        // events about 50 ms apart, so a busy machine does not reorder them between the runs
        { chunk: '<html><head></head><body><div id="a">' },
        { chunk: '<p>late part</p>', afterMs: 100 },
        { chunk: '</div></body></html>', afterMs: 100 },
      ],
      [
        { chunk: '0:"one"\n', afterMs: 5 },
        { chunk: '1:"two"\n', afterMs: 40 },
        { chunk: '2:"three"\n', afterMs: 200 },
      ],
      { nonce: 'n1' },
    );
  });

  it('joins the HTML chunks written in one turn into one chunk, in order', async () => {
    const parts = ['<html><body>', '<p>ü</p>', '<p>two</p>'];
    const chunks = await chunksOf(
      streamOf([
        ...parts.map((chunk) => ({ chunk })),
        { chunk: '</body></html>', afterMs: 2 },
      ]).pipeThrough(injectRSCPayload(streamOf([{ chunk: '0:1\n' }]))),
    );
    const text = chunks.map((chunk) => Buffer.from(chunk).toString('utf8'));
    expect(text[0]).toBe(parts.join(''));
    expect(text).toHaveLength(3);
    expect(text.join('')).toBe(
      `${parts.join('')}<script>(self.__FLIGHT_DATA||=[]).push("0:1\\n")</script></body></html>`,
    );
  });

  it('passes a lone HTML chunk through without copying it', async () => {
    const chunk = new TextEncoder().encode('<html><body><p>ü</p>');
    const out = streamOf([
      { chunk },
      { chunk: '</body></html>', afterMs: 2 },
    ]).pipeThrough(injectRSCPayload(streamOf([{ chunk: '0:1\n' }])));
    expect((await chunksOf(out))[0]).toBe(chunk);
  });

  it('ends with </body></html> when the page had no HTML before its end', async () => {
    const out = await run(injectRSCPayload, [], [{ chunk: '0:1\n' }]);
    expect(out).toBe(
      '<script>(self.__FLIGHT_DATA||=[]).push("0:1\\n")</script></body></html>',
    );
  });

  it('fails the document when the payload fails', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('flight failed'));
      },
    });
    const out = streamOf([{ chunk: '<html><body></body></html>' }]).pipeThrough(
      injectRSCPayload(failing),
    );
    await expect(chunksOf(out)).rejects.toThrow('flight failed');
  });
});
