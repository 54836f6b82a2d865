import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import { MICRO_CACHED } from '../../src/middleware/api-proxy.ts';
import { baseSecurityHeaders } from '../../src/middleware/security-headers.ts';
import {
  hasSessionCookie,
  SESSION_COOKIE_MARK,
} from '../../src/page-address.ts';
import {
  API_ERROR_FILE,
  EDGE_SECURITY_HEADERS,
  ERROR_PAGE_STYLE,
  errorPageCsp,
  errorPages,
  errorPageTexts,
  FILE_ERROR_FILE,
} from './edge-errors.ts';
import {
  EDGE_CACHE_KEY,
  EXAMPLE_EDGE,
  nginxConfig,
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
      expect(block).toContain(
        'proxy_cache_key "$host|$request_uri|e=$edge_encoding";',
      );
      expect(block).toContain('proxy_cache_lock on;');
    }
  });

  it('keys on exactly what it forwards: the Host it sends, the request target (as sent, less the query of a page that reads none), the session mark, the encoding it asks for, the build', () => {
    const text = nginxConfig({ ...EXAMPLE_EDGE, buildId: 'abc123' });
    expect(EDGE_CACHE_KEY).toBe(
      '$host|$edge_target|s=$edge_session|e=$edge_encoding|b=$edge_build',
    );
    // nginx's decoded, slash-merged $uri and its case-blind $arg_ never reach any key
    for (const key of text.matchAll(/proxy_cache_key "([^"]*)"/g))
      expect(key[1]).toMatch(/\$request_uri|\$edge_target/);
    expect(text).toMatch(
      /map \$request_uri \$edge_target \{\n {4}default \$request_uri;/,
    );
    expect(text).not.toMatch(/\$arg_/);
    expect(text).toContain('set $edge_build "abc123";');
    expect(text).toContain('proxy_set_header Host $host;');
    expect(text).toContain('proxy_set_header Accept-Encoding $edge_encoding;');
    for (const location of ['/', '@session']) {
      const block =
        new RegExp(`\n {4}location ${location} \\{([\\s\\S]*?)\\n {4}\\}`).exec(
          text,
        )?.[1] ?? '';
      expect(block, location).toContain(
        'proxy_pass http://exchange_web$edge_target;',
      );
      expect(block, location).toContain(`proxy_cache_key "${EDGE_CACHE_KEY}";`);
      // nothing queues behind a render the edge may not keep
      expect(block, location).toContain('proxy_cache_lock off;');
      // an address asked once is never written: a flood of unique addresses stays in memory
      expect(block, location).toContain('proxy_cache_min_uses 2;');
    }
  });

  it('reads the session mark as the site does: the same substring of the Cookie header', () => {
    const text = nginxConfig(EXAMPLE_EDGE);
    const pattern =
      /map \$http_cookie \$edge_session \{[^}]*"~([^"]+)" 1;/.exec(text)?.[1];
    expect(pattern).toBeDefined();
    const edge = new RegExp(pattern ?? '');
    for (const cookie of [
      '',
      'theme=dark',
      `${SESSION_COOKIE_MARK}=x`,
      ` ${SESSION_COOKIE_MARK}_test1 = y`,
      `a=1;${SESSION_COOKIE_MARK}x=2`,
      SESSION_COOKIE_MARK.toUpperCase(),
      SESSION_COOKIE_MARK.replace('_', '-'),
    ])
      expect(edge.test(cookie), cookie).toBe(hasSessionCookie(cookie));
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
    expect(session).toContain(`proxy_cache_key "${EDGE_CACHE_KEY}";`);
    expect(session).toContain(
      `error_page 502 503 504 =503 ${UNAVAILABLE_PATH};`,
    );
    expect(session).toContain('recursive_error_pages on;');
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
  it('deploy/nginx/errors/ holds one page per locale, the envelope and the text, as the generator writes them', async () => {
    const pages = await errorPages();
    const dir = path.join(ROOT, 'deploy/nginx/errors');
    expect(readdirSync(dir).sort()).toEqual([...pages.keys()].sort());
    expect(pages.size).toBe(LOCALE_CODES.length + 3);
    expect(JSON.parse(pages.get(API_ERROR_FILE) ?? '')).toMatchObject({
      ret_code: 503,
      result: null,
    });
    expect(pages.get(FILE_ERROR_FILE)).toMatch(/^503 /);
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
    for (const [file, body] of pages)
      expect(body).toContain(
        file === 'bad-request.txt' ? 'Bad Request' : '503',
      );
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
