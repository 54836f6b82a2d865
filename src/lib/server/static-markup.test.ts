import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { escapeHtml } from '../html.ts';
import { renderStaticMarkup, STATIC_CONTAINER } from './static-markup.ts';

const h = createElement;

const Card = ({ name, ratio }: { name: string; ratio: number }) =>
  h(
    'article',
    { className: 'card', 'aria-labelledby': `card-${name}` },
    h(
      'h3',
      { id: `card-${name}` },
      h(
        'a',
        { href: `/en/p/${name}`, 'data-app-link': '' },
        name,
        ' ',
        h('span', { className: 'muted' }, '(', 'TKN', ')'),
      ),
    ),
    h(
      'dl',
      null,
      h('div', null, h('dt', null, 'Price'), h('dd', null, `${ratio} USDT`)),
      ratio > 1
        ? null
        : h('div', null, h('dt', null, 'Hidden'), h('dd', null, false)),
    ),
    h(
      'div',
      {
        className: 'progress',
        role: 'progressbar',
        'aria-valuemin': 0,
        'aria-valuenow': ratio,
        'aria-valuetext': `${ratio}%`,
        'aria-current': undefined,
      },
      h('span', {
        className: 'progress-fill',
        style: { width: `${ratio}%`, backgroundColor: 'red', '--tone': '1' },
      }),
    ),
  );

const cases: [string, ReactNode][] = [
  [
    'text that needs escaping',
    h('p', { title: `a "b" & 'c' <d>` }, `<script>alert("x")</script> & 'q'`),
  ],
  [
    'numbers, null, booleans and undefined children',
    h('p', null, 1, null, true, false, undefined, 2.5, 'x'),
  ],
  [
    'fragments and nested arrays',
    h(
      Fragment,
      null,
      [h('b', { key: 'a' }, 'a'), [h('i', { key: 'b' }, 'b'), 'c']],
      h('u', null),
    ),
  ],
  ['void elements', h('div', null, h('br'), 'a', h('hr'), h('wbr'))],
  [
    'renamed and boolean attributes',
    h(
      'label',
      {
        htmlFor: 'f',
        className: 'c',
        tabIndex: -1,
        hidden: true,
        'aria-hidden': false,
        'data-on': true,
      },
      'L',
    ),
  ],
  [
    'a false boolean attribute and a null attribute',
    h('details', { open: false, id: null }, 'D'),
  ],
  [
    'an icon',
    h(
      'svg',
      {
        width: '16',
        height: '16',
        viewBox: '0 0 24 24',
        'aria-hidden': 'true',
        focusable: 'false',
      },
      h('path', { fill: 'currentColor', d: 'M12 2a10 10 0 1 0 0 20Z' }),
    ),
  ],
  [
    'a stroked icon (the brand mark)',
    h(
      'svg',
      { width: '28', height: '28', viewBox: '0 0 28 28' },
      h('rect', { width: '28', height: '28', rx: '8', fill: '#0bd4c6' }),
      h('path', {
        d: 'M8 9h12l-9 10h9',
        stroke: '#04201e',
        strokeWidth: '2.5',
        fill: 'none',
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      }),
    ),
  ],
  [
    'inner HTML',
    h('div', { dangerouslySetInnerHTML: { __html: '<b>raw</b>' } }),
  ],
  [
    'hreflang and scope',
    h(
      'table',
      null,
      h(
        'tbody',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'row' }, 'T'),
          h('td', null, h('a', { href: '/x', hrefLang: 'de-DE' }, 'x')),
        ),
      ),
    ),
  ],
  [
    'a date and cell spans (the launchpad and competition tables)',
    h(
      'table',
      null,
      h(
        'tfoot',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'row', colSpan: 2 }, 'Total'),
          h(
            'td',
            { rowSpan: 1 },
            h('time', { dateTime: '2026-11-24T00:00:00Z' }, '24 Nov'),
          ),
        ),
      ),
    ),
  ],
  [
    'server components, called in place',
    h(
      'section',
      null,
      h(Card, { name: 'nebula', ratio: 31.05 }),
      h(Card, { name: 'q"x', ratio: 3 }),
    ),
  ],
];

describe('renderStaticMarkup', () => {
  it.each(cases)('writes what React writes: %s', (_name, tree) => {
    expect(renderStaticMarkup(tree)).toBe(
      renderToStaticMarkup(h(Fragment, null, tree)),
    );
  });

  it('writes images and metadata in place (React would hoist them)', () => {
    expect(
      renderStaticMarkup(
        h(
          'div',
          null,
          h('img', { src: '/a.png', alt: 'A' }),
          h('meta', { name: 'x', content: 'y' }),
        ),
      ),
    ).toBe(
      '<div><img src="/a.png" alt="A"/><meta name="x" content="y"/></div>',
    );
  });

  it('writes a server-only part inside another (StaticHtml in a StaticHtml section) in place, as its container', () => {
    // like StaticHtml in a request: called, it would give a client frame, which needs React
    const frame = Object.assign(() => null, {
      $$typeof: Symbol.for('react.client.reference'),
    });
    const Container = (props: {
      as: string;
      className: string;
      tabIndex: number;
      children?: ReactNode;
    }) => h(frame, props);
    Object.defineProperty(Container, STATIC_CONTAINER, { value: true });
    expect(
      renderStaticMarkup(
        h(
          'section',
          { className: 'card' },
          h(
            Container,
            { as: 'div', className: 'table-wrap', tabIndex: 0 },
            h(
              'table',
              null,
              h('tbody', null, h('tr', null, h('td', null, 'x'))),
            ),
          ),
        ),
      ),
    ).toBe(
      '<section class="card"><div class="table-wrap" tabindex="0"><table><tbody><tr><td>x</td></tr></tbody></table></div></section>',
    );
  });

  it('escapes like React', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#x27;');
    expect(escapeHtml('plain')).toBe('plain');
  });

  it('refuses what needs React: a client component, an async component, a handler, an unknown attribute, a number in a style', () => {
    const client = Object.assign(() => null, {
      $$typeof: Symbol.for('react.client.reference'),
    });
    expect(() => renderStaticMarkup(h(client))).toThrow(/client component/);
    const Async = () => Promise.resolve(h('p', null, 'late'));
    expect(() => renderStaticMarkup(h(Async))).toThrow(/async component/);
    expect(() =>
      renderStaticMarkup(h('button', { onClick: () => undefined }, 'x')),
    ).toThrow(/handler onClick/);
    expect(() =>
      renderStaticMarkup(h('input', { autoComplete: 'off' })),
    ).toThrow(/attribute autoComplete/);
    expect(() => renderStaticMarkup(h('div', { style: { width: 3 } }))).toThrow(
      /style value of width/,
    );
    expect(() =>
      renderStaticMarkup(
        // @ts-expect-error: an object is not a React node, as an untyped caller could pass
        h('div', null, { not: 'a node' }),
      ),
    ).toThrow(/child of type object/);
  });
});
