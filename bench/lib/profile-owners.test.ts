import { describe, expect, it } from 'vitest';

import { ownerOf, summarize } from './profile-owners.ts';

describe('ownerOf', () => {
  it('names the framework packages a mapped source comes from', () => {
    expect(
      ownerOf(
        'renderElement',
        '../../node_modules/react-dom/cjs/react-dom-server.node.production.js',
      ),
    ).toBe('React DOM: HTML (Fizz)');
    expect(
      ownerOf(
        'renderModelDestructive',
        '../../node_modules/react-server-dom-webpack/cjs/react-server-dom-webpack-server.node.production.js',
      ),
    ).toBe('React: Flight server');
    expect(
      ownerOf(
        'processFullStringRow',
        '../../node_modules/react-server-dom-webpack/cjs/react-server-dom-webpack-client.edge.production.js',
      ),
    ).toBe('React: Flight client');
    expect(ownerOf('x', '../../node_modules/waku/dist/lib/foo.js')).toBe(
      'Waku',
    );
    expect(
      ownerOf('x', '../../node_modules/@hono/node-server/dist/index.mjs'),
    ).toBe('Hono');
    expect(ownerOf('x', '../../node_modules/@tanstack/query/x.js')).toBe(
      'library: @tanstack/query',
    );
  });

  it('tells our code, Node’s zlib and V8’s own entries apart', () => {
    expect(ownerOf('guestCache', '../../src/middleware/guest-cache.ts')).toBe(
      'ours (src/)',
    );
    expect(ownerOf('zlibBufferSync', 'node:zlib')).toBe(
      'Node: zlib on the main thread',
    );
    expect(ownerOf('emit', 'node:events')).toBe('Node: events');
    expect(ownerOf('parserOnHeaders', 'node:_http_common')).toBe(
      'Node: _http_common',
    );
    expect(ownerOf('(garbage collector)', '')).toBe('garbage collector');
    expect(ownerOf('(idle)', '')).toBe('(idle)');
  });
});

describe('summarize', () => {
  it('shares busy time by owner and leaves idle time out', () => {
    const summary = summarize([
      {
        micros: 600,
        owner: 'React DOM: HTML (Fizz)',
        functionName: 'a',
        source: 'node_modules/react-dom/x.js',
      },
      {
        micros: 200,
        owner: 'ours (src/)',
        functionName: 'b',
        source: 'src/a.ts',
      },
      {
        micros: 200,
        owner: 'Node: zlib on the main thread',
        functionName: 'zlibBufferSync',
        source: 'node:zlib',
      },
      { micros: 5000, owner: '(idle)', functionName: '(idle)', source: '' },
    ]);
    expect(summary.busyMicros).toBe(1000);
    expect(summary.idleMicros).toBe(5000);
    expect(summary.owners[0]).toEqual({
      owner: 'React DOM: HTML (Fizz)',
      micros: 600,
      share: 0.6,
    });
    expect(summary.groups).toEqual({
      framework: 0.6,
      ours: 0.2,
      zlibMainThread: 0.2,
    });
    expect(summary.oursByModule).toEqual([{ source: 'src/a.ts', share: 0.2 }]);
    expect(summary.zlibFunctions).toEqual([
      { functionName: 'zlibBufferSync', share: 0.2 },
    ]);
  });
});
