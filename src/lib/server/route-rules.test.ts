import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import {
  createRouteRules,
  matchRouteRedirect,
  buildManifestSchema,
} from './route-rules.ts';

// read through the manifest's schema, as the site reads a build's manifest
const MANIFEST = v.parse(buildManifestSchema, {
  id: 'build-1',
  timestamp: 1,
  matcher: {
    static: {
      '/en/earn': { redirect: '/en/earning/savings' },
      '/en/zcc': {
        redirect: { to: '/en/ZCCCompetition2025', statusCode: 302 },
      },
      '/en/other': { headers: { 'x-a': '1' } },
    },
    wildcard: {
      '/ja-JP/promo': { redirect: '/ja-JP/welcome' },
      '/ja-JP/promo/vip/**': {
        redirect: { to: '/ja-JP/feediscount', statusCode: 301 },
      },
    },
    dynamic: {},
  },
  prerendered: [],
});

describe('matchRouteRedirect', () => {
  // exact paths, then the longest prefix
  it.each([
    ['/en/earn', '/en/earning/savings', 308],
    ['/en/zcc', '/en/ZCCCompetition2025', 307],
    ['/ja-JP/promo', '/ja-JP/welcome', 308],
    ['/ja-JP/promo/a/b', '/ja-JP/welcome', 308],
    ['/ja-JP/promo/vip/x', '/ja-JP/feediscount', 308],
  ])('matches %s → %s (%i)', (path, to, status) => {
    expect(matchRouteRedirect(MANIFEST, path)).toEqual({ to, status });
  });
  it('leaves other paths, look-alike prefixes and rules without a redirect alone', () => {
    expect(matchRouteRedirect(MANIFEST, '/ja-JP/promotion')).toBeUndefined();
    expect(matchRouteRedirect(MANIFEST, '/en/earn/more')).toBeUndefined();
    expect(matchRouteRedirect(MANIFEST, '/en/other')).toBeUndefined();
    expect(matchRouteRedirect(undefined, '/en/earn')).toBeUndefined();
  });
});

/** A fake upstream: latest.json and the manifests by id, counting requests. */
const upstream = (files: Record<string, unknown>) => {
  const seen: string[] = [];
  const fetch = (input: string | URL): Promise<Response> => {
    const url = new URL(input.toString());
    seen.push(url.pathname);
    const body = files[url.pathname];
    if (body === 'timeout')
      return Promise.reject(
        Object.assign(new Error('aborted'), { name: 'TimeoutError' }),
      );
    return Promise.resolve(
      body === undefined
        ? new Response('{}', { status: 404 })
        : new Response(typeof body === 'string' ? body : JSON.stringify(body)),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
};

describe('createRouteRules', () => {
  const ORIGIN = 'http://api.test';
  const setup = (files: Record<string, unknown>) => {
    let clock = 0;
    const logs: Record<string, unknown>[] = [];
    const fake = upstream(files);
    const rules = createRouteRules({
      fetch: fake.fetch,
      log: (msg, fields) => logs.push({ msg, ...fields }),
      refreshMs: 1000,
      now: () => clock,
    });
    return {
      rules,
      logs,
      seen: fake.seen,
      tick: (ms: number) => (clock += ms),
    };
  };

  it('reads the live build id from latest.json, then that build manifest', async () => {
    const { rules, seen, logs } = setup({
      '/latest.json': { id: 'build-1' },
      '/builds/meta/build-1.json': MANIFEST,
    });
    const manifest = await rules.manifest(ORIGIN);
    expect(matchRouteRedirect(manifest, '/en/earn')?.to).toBe(
      '/en/earning/savings',
    );
    expect(seen).toEqual(['/latest.json', '/builds/meta/build-1.json']);
    expect(logs).toEqual([]);
  });

  it.each([
    [
      'a missing manifest',
      { '/latest.json': { id: 'b' } },
      /HTTP 404 for \/builds\/meta\/b.json/,
    ],
    ['a malformed latest.json', { '/latest.json': 'not json' }, /SyntaxError/],
    [
      'an id that is not an id',
      { '/latest.json': { id: '../../x' } },
      /invalid manifest|Invalid/,
    ],
    [
      'a manifest of the wrong shape',
      {
        '/latest.json': { id: 'b' },
        '/builds/meta/b.json': { id: 'b', matcher: { static: { nope: 1 } } },
      },
      /invalid manifest/,
    ],
    ['a timeout', { '/latest.json': 'timeout' }, /timeout/],
  ])('logs %s and gives empty rules', async (_, files, reason) => {
    const { rules, logs } = setup(files);
    expect(await rules.manifest(ORIGIN)).toBeUndefined();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.msg).toBe(
      'build manifest unavailable: route rules are empty',
    );
    expect(String(logs[0]?.error)).toMatch(reason);
  });

  it('loads once for concurrent pages, then reloads behind after refreshMs', async () => {
    const files: Record<string, unknown> = {
      '/latest.json': { id: 'build-1' },
      '/builds/meta/build-1.json': MANIFEST,
    };
    const { rules, seen, tick } = setup(files);
    await Promise.all([rules.manifest(ORIGIN), rules.manifest(ORIGIN)]);
    expect(seen).toHaveLength(2);
    tick(500);
    await rules.manifest(ORIGIN);
    expect(seen).toHaveLength(2);
    files['/latest.json'] = { id: 'build-2' };
    files['/builds/meta/build-2.json'] = {
      ...MANIFEST,
      id: 'build-2',
      matcher: { static: {}, wildcard: {} },
    };
    tick(500);
    // the loaded rules serve while the new build's manifest loads
    expect(
      matchRouteRedirect(await rules.manifest(ORIGIN), '/en/earn'),
    ).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(
      matchRouteRedirect(await rules.manifest(ORIGIN), '/en/earn'),
    ).toBeUndefined();
  });

  it('keeps the last good rules while the API is down (issue 29)', async () => {
    const files: Record<string, unknown> = {
      '/latest.json': { id: 'build-1' },
      '/builds/meta/build-1.json': MANIFEST,
    };
    const { rules, tick, logs } = setup(files);
    await rules.manifest(ORIGIN);
    files['/latest.json'] = 'timeout';
    tick(1000);
    // the refresh runs behind; once it has failed, the last good rules still serve
    await rules.manifest(ORIGIN);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(
      matchRouteRedirect(await rules.manifest(ORIGIN), '/en/earn')?.to,
    ).toBe('/en/earning/savings');
    expect(logs.at(-1)?.msg).toBe(
      'build manifest unavailable: the last good route rules serve',
    );
  });
});
