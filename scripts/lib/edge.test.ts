import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALE_CODES } from '../../src/lib/locales.ts';
import { MICRO_CACHED } from '../../src/middleware/api-proxy.ts';
import { baseSecurityHeaders } from '../../src/middleware/security-headers.ts';
import { ROUTES } from '../../src/routes.ts';
import {
  EDGE_SECURITY_HEADERS,
  ERROR_PAGE_STYLE,
  errorPageCsp,
  errorPages,
  errorPageTexts,
} from './edge-errors.ts';
import {
  declaredParams,
  EXAMPLE_EDGE,
  nginxConfig,
  routeQueryMap,
  UNAVAILABLE_PATH,
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

  it('keeps the session variant in its own location, stored only when the site marks it with X-Accel-Expires', () => {
    const text = nginxConfig(EXAMPLE_EDGE);
    const guest = /\n {4}location \/ \{([^}]*\}[^}]*)\}/.exec(text)?.[1] ?? '';
    expect(guest).toContain('if ($edge_session) { return 418; }');
    expect(guest).toContain('error_page 418 = @session;');
    // and never reads or writes a guest entry even if it got here
    expect(guest).toContain('proxy_cache_bypass $edge_session;');
    expect(guest).toContain('proxy_no_cache $edge_session;');
    expect(guest).not.toMatch(/^\s*proxy_ignore_headers/m);
    const session = /\n {4}location @session \{([^}]*)\}/.exec(text)?.[1] ?? '';
    // Cache-Control (private) and Expires are ignored; Set-Cookie and X-Accel-Expires are not,
    // and no proxy_cache_valid: without X-Accel-Expires nothing is stored
    expect(session).toMatch(/proxy_ignore_headers Cache-Control Expires;/);
    expect(session).not.toContain('proxy_cache_valid');
    expect(session).toContain(
      'proxy_cache_key "$host|$uri|$edge_query|s=$edge_session|e=$edge_encoding|b=$edge_build";',
    );
    expect(session).toContain(
      `error_page 502 503 504 =503 ${UNAVAILABLE_PATH};`,
    );
    expect(session).toContain('recursive_error_pages on;');
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

describe('the edge 503 pages', () => {
  it('deploy/nginx/errors/ holds one page per locale, as the generator writes them from the catalogs', async () => {
    const pages = await errorPages();
    const dir = path.join(ROOT, 'deploy/nginx/errors');
    expect(readdirSync(dir).sort()).toEqual([...pages.keys()].sort());
    expect(pages.size).toBe(LOCALE_CODES.length);
    for (const [file, html] of pages)
      expect(readFileSync(path.join(dir, file), 'utf8')).toBe(html);
  });

  it('says it in the language of the page, from that catalog', async () => {
    const pages = await errorPages();
    const ja = pages.get('ja-JP.html') ?? '';
    expect(ja).toContain('<html lang="ja-JP"');
    expect(ja).toContain(`<h1>${(await errorPageTexts('ja-JP')).title}</h1>`);
    expect((await errorPageTexts('ja-JP')).title).not.toBe(
      (await errorPageTexts('en')).title,
    );
    for (const html of pages.values()) expect(html).toContain('503');
  });

  it('sends the security headers the site sends, and a CSP that allows only the inline style', async () => {
    expect(EDGE_SECURITY_HEADERS).toEqual(baseSecurityHeaders(false));
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(ERROR_PAGE_STYLE).digest('base64');
    expect(errorPageCsp()).toContain(`style-src 'sha256-${hash}'`);
    expect(errorPageCsp()).toContain("default-src 'none'");
    const text = nginxConfig(EXAMPLE_EDGE);
    expect(text).toContain(`error_page 502 503 504 =503 ${UNAVAILABLE_PATH};`);
    expect(text).toContain(`location = ${UNAVAILABLE_PATH} {\n      internal;`);
    for (const name of Object.keys(EDGE_SECURITY_HEADERS))
      expect(text.toLowerCase()).toContain(`add_header ${name} `);
    for (const code of LOCALE_CODES) expect(text).toContain(code);
  });
});
