import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { MICRO_CACHED } from '../../src/middleware/api-proxy.ts';
import { ROUTES } from '../../src/routes.ts';
import {
  declaredParams,
  EXAMPLE_EDGE,
  nginxConfig,
  routeQueryMap,
} from './edge.ts';
import { ROOT } from './processes.ts';

describe('the nginx edge configuration', () => {
  it('deploy/nginx/nginx.conf is what the generator writes from the route table (npm run edge:config)', () => {
    expect(
      readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf'), 'utf8'),
    ).toBe(nginxConfig(EXAMPLE_EDGE));
  });

  it('gives every directive its reason on the same line', () => {
    const text = nginxConfig(EXAMPLE_EDGE);
    const directives = text
      .split('\n')
      .map((line) => line.trim())
      .filter(
        (line) =>
          line.endsWith(';') &&
          !line.startsWith('#') &&
          !line.startsWith('"') &&
          !line.startsWith('default') &&
          !line.startsWith('~'),
      );
    expect(directives.filter((line) => !/;\s*#/.test(line))).toEqual([]);
  });

  it('micro-caches for one second every path the site micro-caches, without query or cookie', () => {
    const text = nginxConfig(EXAMPLE_EDGE);
    for (const apiPath of MICRO_CACHED) {
      const block = new RegExp(
        `location = ${apiPath.replaceAll('/', '\\/')} \\{([^}]*)\\}`,
      ).exec(text)?.[1];
      expect(block, apiPath).toBeDefined();
      expect(block).toContain('proxy_cache_valid 200 1s;');
      expect(block).toContain('proxy_cache_key "$host|$uri|e=$edge_encoding";');
      expect(block).toContain('proxy_cache_lock on;');
    }
  });

  it('keys by host, path, the declared query, the session bit and the build id', () => {
    const text = nginxConfig({ ...EXAMPLE_EDGE, buildId: 'abc123' });
    expect(text).toContain(
      'proxy_cache_key "$host|$uri|$edge_query|s=$edge_session|e=$edge_encoding|b=$edge_build";',
    );
    expect(text).toContain('set $edge_build "abc123";');
    expect(text).toMatch(/"~b_t_c_k" 1;/);
  });

  it('maps each route that declares parameters to exactly those, and nothing else', () => {
    const map = routeQueryMap();
    for (const route of ROUTES) {
      const params = declaredParams(route);
      for (const name of params) expect(map).toContain(`${name}=$arg_${name}`);
    }
    expect(map).toContain('default "";');
    expect(map).not.toMatch(/\$arg_(?:utm|gclid|fbclid)/);
  });

  it('lists one server line per upstream', () => {
    const text = nginxConfig({
      ...EXAMPLE_EDGE,
      upstreams: ['10.0.0.1:3000', '10.0.0.2:3000', '10.0.0.3:3000'],
    });
    expect(text.match(/^\s+server 10\.0\.0\.\d:3000 /gm)).toHaveLength(3);
    expect(() => nginxConfig({ ...EXAMPLE_EDGE, upstreams: [] })).toThrow();
  });
});
