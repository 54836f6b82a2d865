import { createElement as h, Suspense, use, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';

import { inOrderDocument } from './in-order-document.ts';

/**
 * A value a component suspends on until `ready()` (React's `use` of a promise not yet
 * settled); after, it returns the value.
 */
const lateValue = (value: string) => {
  let done = false;
  let ready = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    ready = () => {
      done = true;
      resolve();
    };
  });
  return {
    useValue: () => {
      if (!done) use(promise);
      return value;
    },
    ready: () => {
      ready();
    },
  };
};

type Late = ReturnType<typeof lateValue>;

const Data = ({ late, children }: { late: Late; children?: ReactNode }) =>
  h(
    'div',
    { className: 'x' },
    h('p', null, late.useValue()),
    h('div', null, h('div', null, 'nested <div> text')),
    children,
  );

const placeholder = h('div', { className: 'section-placeholder' });

/** A document like a page's: two sections, the first holding a section of its own. */
const Page = ({ first, second, inner }: Record<string, Late>) =>
  h(
    'html',
    null,
    h('head', null, h('title', null, 'T')),
    h(
      'body',
      null,
      h(
        'main',
        null,
        h('h1', null, 'Title'),
        h(
          'div',
          { className: 'streamed-section' },
          h(
            Suspense,
            { fallback: placeholder },
            h(
              Data,
              { late: first! },
              h(Suspense, { fallback: placeholder }, h(Data, { late: inner! })),
            ),
          ),
        ),
        h(
          'div',
          { className: 'streamed-section' },
          h(Suspense, { fallback: placeholder }, h(Data, { late: second! })),
        ),
        h('script', { type: 'application/ld+json' }, '{"a":"<div>"}'),
      ),
      h('footer', null, 'Footer'),
    ),
  );

const lates = () => ({
  first: lateValue('first'),
  second: lateValue('second'),
  inner: lateValue('inner'),
});

const render = async (
  values: ReturnType<typeof lates>,
  after: () => void,
): Promise<string> => {
  const stream = await renderToReadableStream(h(Page, values), {
    nonce: 'n0nce',
  });
  after();
  return new Response(stream).text();
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('inOrderDocument (React 19 streamed boundaries put in place)', () => {
  it('a document whose sections streamed becomes the one React writes when they are ready in time', async () => {
    const late = lates();
    const streamed = await render(late, () => {
      // after the shell: the second section first, then the first, then the one inside it
      void (async () => {
        await tick();
        late.second.ready();
        await tick();
        late.first.ready();
        await tick();
        late.inner.ready();
      })();
    });
    // the streamed form really is out of order (the guard of this test)
    expect(streamed).toContain('<template id="B:');
    expect(streamed).toContain('<div hidden id="S:');
    expect(streamed).toContain('$RC(');
    const ready = lates();
    for (const value of Object.values(ready)) value.ready();
    const inTime = await render(ready, () => undefined);
    expect(inTime).not.toContain('<template');
    expect(inOrderDocument(streamed)).toBe(inTime);
  });

  it('parts of a section written apart (in an svg, in table rows) go in place too', async () => {
    const parent = lateValue('parent');
    const parts = lateValue('parts');
    const Path = () => h('path', { d: `M0 0L5 ${parts.useValue().length}` });
    const Row = ({ n }: { n: number }) =>
      h('tr', null, h('th', null, `${parts.useValue()} ${n}`));
    const Section = () =>
      h(
        'div',
        { className: 'x' },
        h('p', null, parent.useValue()),
        h('svg', { viewBox: '0 0 10 10' }, h(Path)),
        h(
          'table',
          null,
          h(
            'tbody',
            null,
            h('tr', null, h('td', null, 'first')),
            h(Row, { n: 1 }),
            h(Row, { n: 2 }),
          ),
        ),
      );
    const Doc = () =>
      h(
        'html',
        null,
        h('head', null),
        h(
          'body',
          null,
          h('main', null, h(Suspense, { fallback: placeholder }, h(Section))),
          h('footer', null, 'Footer'),
        ),
      );
    const streamed = await new Response(
      await renderToReadableStream(h(Doc)).then((stream) => {
        void (async () => {
          await tick();
          parent.ready();
          await tick();
          parts.ready();
        })();
        return stream;
      }),
    ).text();
    // the guard: React wrote the parts apart, each in its own wrapper
    expect(streamed).toContain('$RS(');
    expect(streamed).toContain('style="display:none" id="S:');
    expect(streamed).toMatch(/<table hidden><tbody id="S:/);
    const inTime = await new Response(
      await renderToReadableStream(h(Doc)),
    ).text();
    expect(inTime).not.toContain('<template');
    expect(inOrderDocument(streamed)).toBe(inTime);
  });

  it('a document that did not stream is left as it is', async () => {
    const ready = lates();
    for (const value of Object.values(ready)) value.ready();
    const inTime = await render(ready, () => undefined);
    expect(inOrderDocument(inTime)).toBe(inTime);
  });

  it('what it cannot put in place gives nothing: a boundary never completed, a client-rendered one', () => {
    const waiting =
      '<html><body><div><!--$?--><template id="B:0"></template><div></div><!--/$--></div></body></html>';
    expect(inOrderDocument(waiting)).toBeUndefined();
    const errored =
      '<html><body><!--$!--><template data-dgst="x"></template><div></div><!--/$--></body></html>';
    expect(inOrderDocument(errored)).toBeUndefined();
    const orphan =
      '<html><body><div hidden id="S:3"><p>x</p></div><script>$RC("B:3","S:3")</script></body></html>';
    expect(inOrderDocument(orphan)).toBeUndefined();
    const unclosed =
      '<html><body><!--$?--><template id="B:0"></template><div></div><!--/$--><div hidden id="S:0"><div>x</body></html>';
    expect(inOrderDocument(unclosed)).toBeUndefined();
  });
});
