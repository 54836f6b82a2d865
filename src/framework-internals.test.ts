import { readFileSync } from 'node:fs';

import * as React from 'react';
import * as ReactDomServerNode from 'react-dom/server.node';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { encodeRscPath } from '../node_modules/waku/dist/lib/utils/rsc-path.js';
import { PREFETCH_TTL } from '../node_modules/waku/dist/router/client-core-utils/prefetch-cache.js';
import { encodeRoutePath } from '../node_modules/waku/dist/router/isomorphic-utils/route-path.js';
import { WAKU_PREFETCH_TTL_MS } from './lib/client/prefetch-line.ts';
import { useSyncExternalStore } from './lib/client/use-sync-external-store-shim.ts';
import { navigationPath } from './lib/navigation-path.ts';

/**
 * What our code copies from Waku's and React's internals (docs/framework-workarounds.md),
 * checked against the installed packages, so an upgrade that changes one fails here by name.
 *
 * The two module aliases of waku.config.ts each swap a module that Waku or @lingui/react
 * imports by name: this says whether that import is still there (else the alias silently does
 * nothing) and whether the replacement still offers what the importer takes from it.
 */
const installed = (path: string) =>
  readFileSync(new URL(`../node_modules/${path}`, import.meta.url), 'utf8');

/** The specifiers each importer takes the names from, as written in its code. */
const importsOf = (code: string): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  for (const match of code.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const names = (match[1] ?? '')
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')
      .filter(Boolean);
    found.set(match[2] ?? '', names);
  }
  return found;
};

type Alias = { find: RegExp; replacement: string };

const loadAliases = async (plain: string | undefined): Promise<Alias[]> => {
  vi.resetModules();
  vi.stubEnv('WAKU_PLAIN', plain);
  const config = (await import('../waku.config.ts')).default;
  const alias = config.vite?.resolve?.alias;
  expect(Array.isArray(alias)).toBe(true);
  return alias as Alias[];
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('framework aliases', () => {
  it("Waku's HTML pass still imports the module we replace, by this name", () => {
    const ssr = importsOf(installed('waku/dist/lib/vite-rsc/ssr.js'));
    expect(ssr.get('react-dom/server.edge')).toEqual([
      'renderToReadableStream',
    ]);
  });

  it('@lingui/react still imports the useSyncExternalStore shim', () => {
    const lingui = importsOf(installed('@lingui/react/dist/index.mjs'));
    expect(lingui.get('use-sync-external-store/shim')).toEqual([
      'useSyncExternalStore',
    ]);
  });

  it('each replacement exports what the importer takes', () => {
    expect(typeof ReactDomServerNode.renderToReadableStream).toBe('function');
    expect(useSyncExternalStore).toBe(React.useSyncExternalStore);
  });

  it('the config aliases exactly those specifiers', async () => {
    const aliases = await loadAliases(undefined);
    const specifiers = [
      'use-sync-external-store/shim',
      'use-sync-external-store/shim/index.js',
      'react-dom/server.edge',
    ];
    for (const specifier of specifiers)
      expect(aliases.filter((a) => a.find.test(specifier))).toHaveLength(1);
    expect(aliases).toHaveLength(2);
    // near misses stay the packages' own
    for (const specifier of [
      'react-dom/server',
      'react-dom/server.edge.js',
      // Waku's own payload injector since decision 0043 (it was ours, decision 0010)
      'rsc-html-stream/server',
      'rsc-html-stream/client',
      'use-sync-external-store',
    ])
      expect(aliases.some((a) => a.find.test(specifier))).toBe(false);
  });

  it('WAKU_PLAIN=1 turns every alias off; any other value keeps them', async () => {
    expect(await loadAliases('1')).toEqual([]);
    expect(await loadAliases('0')).toHaveLength(2);
  });
});

describe("values copied from Waku's router", () => {
  it("the prefetch line's freshness is the router's PREFETCH_TTL", () => {
    expect(WAKU_PREFETCH_TTL_MS).toBe(PREFETCH_TTL);
  });

  it("navigationPath decodes what Waku's client encodes for a route", () => {
    for (const route of [
      '/',
      '/en',
      '/en/launchpad',
      '/ja-JP/launchpad/aurora-chain',
      '/en/announcement-info/margin-parameters',
      '/_private',
      '/en/key_',
      '/ko-KR/공지',
    ]) {
      const requested = `/RSC/${encodeURI(encodeRscPath(encodeRoutePath(route)))}`;
      expect(navigationPath(requested), requested).toBe(route);
    }
  });
});

describe("what Back and Forward rely on in Waku's router (decision 0034)", () => {
  const navigation = installed('waku/dist/router/client-utils/navigation.js');
  it('a traversal goes through the route interceptor, and nothing happens when it answers false', () => {
    expect(navigation).toContain(
      'const nextRoute = routeInterceptor ? routeInterceptor(popped) : popped;',
    );
    expect(navigation).toMatch(/if \(!nextRoute\) \{\s*return;\s*\}/);
    expect(navigation).toContain(
      "window.addEventListener('popstate', callback)",
    );
  });

  it('a push copies the state of the entry it leaves (a key seen twice is a new entry)', () => {
    expect(navigation).toContain(
      "window.history.pushState(window.history.state, '', url);",
    );
    // a replace to the address already shown writes no history
    expect(navigation).toContain('if (window.location.href === url.href) {');
  });

  it("a route's payload request runs the Root's enhancers, as type 'rsc'", () => {
    const minimal = installed('waku/dist/minimal/client.js');
    expect(minimal).toContain('request = enhance(request);');
    expect(minimal).toContain("type: options.type ?? 'rsc'");
    expect(installed('waku/dist/router/client-core-utils/caches.js')).toContain(
      'createRscParams = (query)=>new URLSearchParams({',
    );
  });
});
