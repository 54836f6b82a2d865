import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { StaticHtmlFrame } from '../components/static-html-frame.client.tsx';
import { StaticHtml } from '../components/static-html.tsx';
import { runWithRequestContext } from '../lib/server/request-context.ts';
import { requestContextFor } from '../lib/server/test-request-context.ts';
import { lookupStaticHtml } from '../lib/static-html.ts';

const context = (staticHtml: Map<string, string> | undefined) =>
  requestContextFor({ staticHtml });

const list = (items: readonly string[]) =>
  StaticHtml({
    as: 'ul',
    className: 'links',
    children: items.map((item) => (
      <li key={item}>
        <a href={`/en/${item}`}>{item}</a>
      </li>
    )),
  }) as ReactElement<Record<string, unknown>>;

describe('StaticHtml (decisions 0008, 0009)', () => {
  it('outside a document (an RSC payload, a build) carries its HTML itself', () => {
    for (const parts of [undefined, 'no request'] as const) {
      const element =
        parts === undefined
          ? runWithRequestContext(context(undefined), () => list(['a']))
          : list(['a']);
      expect(element.type).toBe(StaticHtmlFrame);
      expect(element.props).toEqual({
        as: 'ul',
        className: 'links',
        html: '<li><a href="/en/a">a</a></li>',
      });
      expect(renderToStaticMarkup(element)).toBe(
        '<ul class="links"><li><a href="/en/a">a</a></li></ul>',
      );
    }
  });

  it("in a document, hands its HTML to the request's HTML pass and sends a key instead", () => {
    const parts = new Map<string, string>();
    runWithRequestContext(context(parts), () => {
      const first = list(['a']);
      const second = list(['b', 'c']);
      expect(first.props).toEqual({
        as: 'ul',
        className: 'links',
        htmlKey: 'p0',
      });
      expect(second.props.htmlKey).toBe('p1');
      expect('html' in second.props).toBe(false);
      expect(lookupStaticHtml('p1')).toBe(
        '<li><a href="/en/b">b</a></li><li><a href="/en/c">c</a></li>',
      );
      // the HTML pass draws the part from the request, marked for the browser to find
      expect(renderToStaticMarkup(second)).toBe(
        '<ul class="links" data-sh="p1"><li><a href="/en/b">b</a></li><li><a href="/en/c">c</a></li></ul>',
      );
      // a key this request never registered is an error, not an empty part
      expect(() =>
        renderToStaticMarkup(<StaticHtmlFrame as="ul" htmlKey="p9" />),
      ).toThrow(/p9/);
    });
    expect([...parts.keys()]).toEqual(['p0', 'p1']);
    // another request (or none) never sees these parts
    expect(lookupStaticHtml('p0')).toBeUndefined();
    runWithRequestContext(context(new Map()), () =>
      expect(lookupStaticHtml('p0')).toBeUndefined(),
    );
  });
});
