/**
 * The nginx edge in front of N site processes (issue 25 item 1): one generator for the committed
 * production configuration (deploy/nginx/, `npm run edge:config`) and the one `npm run serve:edge`
 * and the tests start, so the edge cache key cannot drift from the route table.
 *
 * The cache key is the in-process page cache's: host, path, the query parameters the route
 * declares (`query` in src/routes.ts; none declared: none kept), the session-present bit (any
 * `b_t_c_k*` cookie: the session variant, kept only when the site marks it with X-Accel-Expires)
 * and the build id; the Accept-Encoding it asks the upstream for is in it too,
 * reduced to br, gzip or identity, so the few variants are known.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { LOCALE_CODES } from '../../src/lib/locales.ts';
import { ROUTES } from '../../src/routes.ts';
import { EDGE_SECURITY_HEADERS, errorPageCsp } from './edge-errors.ts';

export const BROTLI_MODULE =
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** The query parameters a route declares (issue 23); routes that declare none keep none. */
export const declaredParams = (route: (typeof ROUTES)[number]) =>
  [...((route as { query?: readonly string[] }).query ?? [])].sort();

const NGINX_ARG = /^[A-Za-z0-9_]+$/;

/**
 * The nginx map from a page path to the declared part of its query: `coin=$arg_coin` for the
 * savings page. Paths are matched with or without a locale prefix; RSC payload requests keep their
 * whole query (Waku sends the page's query inside one `query` parameter).
 */
export const routeQueryMap = (): string => {
  const lines: string[] = [];
  for (const route of ROUTES) {
    const params = declaredParams(route);
    if (params.length === 0) continue;
    for (const name of params)
      if (!NGINX_ARG.test(name))
        throw new Error(
          `route ${route.id}: query parameter ${name} is not an nginx $arg_ name`,
        );
    const pattern = route.path
      .split('/')
      .map((segment) =>
        segment.startsWith('[') ? '[^/]+' : segment.replace(/[.]/g, '\\.'),
      )
      .join('/');
    const value = params.map((name) => `${name}=$arg_${name}`).join('&');
    lines.push(
      `    # ${route.id}: the page reads ${params.join(', ')}`,
      `    "~^(?:/[A-Za-z]{2}(?:-[A-Za-z]{2})?)?${pattern}/?$" "${value}";`,
    );
  }
  return [
    '  # generated from src/routes.ts by scripts/lib/edge.ts: the query parameters each page reads',
    '  map $uri $edge_query {',
    '    # a page that declares no parameter is one entry whatever its query (utm_*, gclid, …)',
    '    default "";',
    '    # a client navigation carries the page query inside its one `query` parameter',
    '    "~^/RSC/" "$args";',
    ...lines,
    '  }',
  ].join('\n');
};

/** The build id the edge keys by: a digest of the server bundle (a new build, a new id). */
export const buildIdOf = (root: string): string => {
  const entry = path.join(root, 'dist/server/index.js');
  if (!existsSync(entry)) return 'unbuilt';
  return createHash('sha256')
    .update(readFileSync(entry))
    .digest('hex')
    .slice(0, 12);
};

export type EdgeOptions = {
  /** `host:port` or port nginx listens on. */
  listen: string;
  /** `host:port` of each site process. */
  upstreams: readonly string[];
  /** Where nginx keeps its PID file, logs, temp files and cache. */
  dir: string;
  buildId: string;
  /** Load Debian's brotli filter module (libnginx-mod-http-brotli-filter). */
  brotli: boolean;
  /** Worker processes (`auto`: one per core). */
  workers?: string;
  /** The cache zone's size on disk. */
  maxSize?: string;
  /** The user workers run as when nginx starts as root (serve:edge: the same user). */
  user?: string;
  /** Where the localized 503 pages are (scripts/lib/edge-errors.ts writes them). */
  errorPages: string;
  /** Logs to standard output and error (a container's) rather than files in `dir`. */
  stdoutLogs?: boolean;
};

/** The committed example, deploy/nginx/nginx.conf: two processes on loopback behind port 80. */
export const EXAMPLE_EDGE: EdgeOptions = {
  listen: '80',
  upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'],
  dir: '/var/cache/exchange-web-edge',
  buildId: 'BUILD_ID',
  brotli: true,
  errorPages: '/etc/nginx/exchange-web/errors',
};

/**
 * The edge of deploy/kubernetes (base/edge/nginx.conf): the official nginx image as its user (no
 * brotli module there: the processes send their pages compressed), one worker per pod's core, the
 * site's Service as the upstream, logs to the container's output, the 503 pages and the cache on
 * the pod's volumes (base/edge-deployment.yaml).
 */
export const KUBERNETES_EDGE: EdgeOptions = {
  listen: '8080',
  upstreams: ['exchange-web-site:3000'],
  dir: '/var/cache/exchange-web-edge',
  buildId: 'BUILD_ID',
  brotli: false,
  workers: '1',
  errorPages: '/etc/nginx/exchange-web-errors',
  stdoutLogs: true,
};

const nginxQuoted = (value: string) => {
  if (/["\\$\n]/.test(value))
    throw new Error(`not a plain nginx string: ${value}`);
  return `"${value}"`;
};

/** The address's locale picks its 503 page (`/ja-JP/…` → ja-JP.html); anything else: the default. */
export const errorPageMap = (): string =>
  [
    '  # the locale of the address picks the 503 page the edge answers with when no process does',
    // $request_uri: the address as the client sent it ($uri is the error location's by then)
    '  map $request_uri $edge_error_page {',
    '    default "en.html";',
    `    "~^/(${LOCALE_CODES.join('|')})(?:[/?]|$)" "$1.html";`,
    '  }',
  ].join('\n');

/** Where nginx answers from when every process is down and nothing is cached (internal only). */
export const UNAVAILABLE_PATH = '/.edge-unavailable';

/** The location of the localized 503 page. */
const unavailableLocation = (o: EdgeOptions): string =>
  [
    // a URI, not a named location: nginx turns any method into GET on the way there, so a POST
    // gets the page too (the static handler answers 405 to anything but GET and HEAD)
    `    location = ${UNAVAILABLE_PATH} {`,
    '      internal; # reached only as an error page, never by its address',
    `      root ${o.errorPages}; # the static pages written from the catalogs (npm run edge:config)`,
    '      rewrite ^ /$edge_error_page break; # the page in the locale of the address',
    '      charset utf-8; # the pages are UTF-8 (Thai, Japanese, Korean, Chinese, Russian)',
    '      add_header Retry-After 30 always; # when to try again',
    '      add_header Cache-Control "no-store" always; # never kept by a browser or a cache downstream',
    `      add_header Content-Security-Policy ${nginxQuoted(errorPageCsp())} always; # the page's one inline style, nothing else`,
    ...Object.entries(EDGE_SECURITY_HEADERS).map(
      ([name, value]) =>
        `      add_header ${name
          .split('-')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join('-')} ${nginxQuoted(value)} always; # as the site sends it`,
    ),
    '    }',
  ].join('\n');

/** The named location a request with a token cookie is answered from. */
const SESSION_LOCATION = '@session';

/**
 * What both page locations share: the upstream, the cache key (the session bit in it), the lock,
 * stale answers and the 503 page. The guest one reads lifetimes from Cache-Control; the session
 * one from X-Accel-Expires only.
 */
const pageCache = (variant: 'guest' | 'session'): string =>
  [
    '      proxy_pass http://exchange_web; # the site processes',
    `      proxy_cache pages; # ${variant === 'guest' ? 'guest pages and payloads go' : 'the session variant of pages and payloads goes'} through the edge cache`,
    '      proxy_cache_key "$host|$uri|$edge_query|s=$edge_session|e=$edge_encoding|b=$edge_build"; # what the page reads, nothing else',
    '      proxy_cache_methods GET HEAD; # only reads are cached',
    '      proxy_cache_lock on; # one render for many concurrent misses of one key',
    '      proxy_cache_lock_timeout 30s; # a waiter waits as long as a render may take (proxy_read_timeout), so one render serves every concurrent miss',
    "      proxy_cache_lock_age 30s; # only a fill that outlives a render's whole budget lets one more request try",
    '      proxy_cache_use_stale error timeout invalid_header updating http_500 http_502 http_503 http_504; # stale-if-error: a stale page beats an error',
    '      proxy_cache_background_update on; # stale-while-revalidate: the stale page now, the refresh behind it',
    '      proxy_cache_revalidate on; # refresh with If-None-Match when the upstream gave an ETag',
    '      add_header X-Edge-Cache $upstream_cache_status always; # HIT, MISS, STALE, UPDATING, EXPIRED for tests and operators',
    `      error_page 502 503 504 =503 ${UNAVAILABLE_PATH}; # no process answered and nothing is cached: the localized 503 page (a process's own 503 passes through)`,
    "      # the upstream's security headers (CSP, HSTS, nosniff, frame-ancestors) pass through untouched: nginx adds none and hides none of them",
  ].join('\n');

/** A complete nginx.conf; every directive carries its reason. */
export const nginxConfig = (o: EdgeOptions): string => {
  if (o.upstreams.length === 0) throw new Error('no upstream');
  const d = o.dir;
  const brotli = o.brotli
    ? [
        `load_module ${BROTLI_MODULE}; # brotli at the edge (Debian's libnginx-mod-http-brotli-filter)`,
      ]
    : ['# brotli: libnginx-mod-http-brotli-filter is not installed, gzip only'];
  const brotliHttp = o.brotli
    ? [
        '  brotli on; # compress what the upstream sent uncompressed, for clients that ask br',
        '  brotli_comp_level 4; # a fast level: the upstream already sends its pages compressed',
        '  brotli_types text/css application/javascript application/json image/svg+xml text/x-component text/plain application/xml; # text types only',
      ]
    : [];
  return `# exchange-web edge: nginx in front of ${o.upstreams.length} site process(es).
# Generated by scripts/lib/edge.ts (npm run edge:config); edit the generator, not this file.
${
  o.user
    ? `user ${o.user}; # workers run as the user who started it, so they can write its directory
`
    : ''
}worker_processes ${o.workers ?? 'auto'}; # one worker per core: hits and compression are CPU work
pid ${d}/nginx.pid; # its own PID file: runs as any user, no system service
${o.stdoutLogs ? 'error_log stderr warn; # to the container log' : `error_log ${d}/error.log warn; # its own log beside the PID file`}
${brotli.join('\n')}

events {
  worker_connections 4096; # client and upstream sockets under load
}

http {
  include /etc/nginx/mime.types; # content types for what nginx answers itself
  default_type application/octet-stream; # anything unnamed is bytes, never sniffed as HTML
  log_format edge '$remote_addr "$request" $status $body_bytes_sent $upstream_cache_status $request_time $upstream_addr'; # the cache result per request
  ${o.stdoutLogs ? 'access_log /dev/stdout edge; # to the container log, a line per request' : `access_log ${d}/access.log edge buffer=64k flush=1s; # its own access log, written in 64 KB blocks (at least every second), not a write per request`}
  client_body_temp_path ${d}/client_body; # temp dirs of its own: no root needed
  proxy_temp_path ${d}/proxy; # as above
  fastcgi_temp_path ${d}/fastcgi; # unused, but nginx creates it at start
  uwsgi_temp_path ${d}/uwsgi; # unused, as above
  scgi_temp_path ${d}/scgi; # unused, as above
  server_tokens off; # no version in headers or error pages
  sendfile on; # cache files go from disk to socket without a copy
  tcp_nopush on; # headers and the start of the body in one packet
  keepalive_timeout 65s; # browsers reuse their connection
  client_header_timeout 10s; # a client that does not send its headers is dropped
  client_body_timeout 10s; # nor its body
  send_timeout 30s; # nor reads the answer
  client_max_body_size 1m; # pages take small forms, the API proxy small JSON
  gzip on; # compress what the upstream sent uncompressed (RSC payloads under load, errors)
  gzip_comp_level 5; # fast enough for the edge
  gzip_min_length 1024; # small answers gain nothing
  gzip_proxied any; # proxied answers too (nginx skips them by default)
  gzip_vary on; # shared caches downstream keep br, gzip and identity apart
  gzip_types text/css application/javascript application/json image/svg+xml text/x-component text/plain application/xml; # text types only
${brotliHttp.join('\n')}

  upstream exchange_web {
${o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s; # a process that failed is skipped for 5 s`).join('\n')}
    keepalive 64; # idle connections kept open to the processes: no handshake per request
    keepalive_timeout 4s; # below Node's 5 s keep-alive timeout: nginx closes first, never reuses a socket Node closed
  }

  proxy_cache_path ${d}/cache levels=1:2 keys_zone=pages:32m max_size=${o.maxSize ?? '1g'} inactive=10m use_temp_path=off; # 32 MB of keys (about 250,000 entries); entries unused for 10 min go

  # the session-present bit: any token cookie (b_t_c_k, b_t_c_k_test1, …), as the in-process cache reads it
  map $http_cookie $edge_session {
    default 0;
    "~b_t_c_k" 1;
  }

  # the encoding asked of the upstream, reduced to three so the cache holds at most three variants
  map $http_accept_encoding $edge_encoding {
    default "";
    "~*\\bbr\\b" "br";
    "~*\\bgzip\\b" "gzip";
  }

${routeQueryMap()}

${errorPageMap()}

  server {
    listen ${o.listen} reuseport; # one accept queue per worker
    set $edge_build "${o.buildId}"; # the build id in every key: a deploy never serves the old build's pages

    proxy_http_version 1.1; # needed for upstream keep-alive
    proxy_set_header Connection ""; # keep the upstream connection open
    proxy_set_header Host $host; # the site answers per host (ALLOWED_HOSTS)
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; # the client's address (TRUST_PROXY)
    proxy_set_header X-Forwarded-Proto $scheme; # the scheme the client used
    proxy_set_header X-Forwarded-Host $host; # the host the client asked for
    proxy_set_header Accept-Encoding $edge_encoding; # exactly the variant the key names
    proxy_connect_timeout 2s; # a process that does not accept in 2 s is down: try the next
    proxy_send_timeout 10s; # a stuck upstream write
    proxy_read_timeout 30s; # the longest a render may take before nginx gives up
    proxy_next_upstream error timeout http_502 http_503; # a process restarting or refusing: the other one answers (GET and HEAD only)
    proxy_next_upstream_tries 2; # at most one retry
    proxy_next_upstream_timeout 10s; # and within 10 s
    proxy_buffers 16 32k; # a page fits in memory without temp files
    proxy_busy_buffers_size 64k; # sent to the client while the rest arrives

    location / {
      if ($edge_session) { return 418; } # a token cookie: the session variant, answered from its own location (nginx cannot switch proxy_ignore_headers by a variable; a return is a safe use of if)
      error_page 418 = ${SESSION_LOCATION}; # there, with that location's status and headers
${pageCache('guest')}
      proxy_cache_bypass $edge_session; # a token cookie never reads a guest entry (it went to ${SESSION_LOCATION} above)
      proxy_no_cache $edge_session; # nor writes one
      # the upstream's Cache-Control decides lifetimes (public, s-maxage, stale-while-revalidate; private and no-store are not kept); a response with Set-Cookie is never stored (nginx's default, kept)
    }

    location ${SESSION_LOCATION} {
${pageCache('session')}
      proxy_ignore_headers Cache-Control Expires; # the session variant is private to every other cache; here only X-Accel-Expires decides
      # so a response is stored only when the site says it is the session variant (X-Accel-Expires, the same bytes for every session: src/middleware/guest-cache.ts); errors, API answers and anything else never are, and a response with Set-Cookie never is (nginx's default, kept)
      recursive_error_pages on; # reached through error_page 418: the 503 page above is a second error_page
    }

    location = /api/v1/market/tickers {
      proxy_pass http://exchange_web; # public market data every visitor's page polls
      proxy_cache pages; # micro-cached here as in the site (src/middleware/micro-cache.ts)
      proxy_cache_key "$host|$uri|e=$edge_encoding"; # no query and no cookie: the same figures for everyone
      proxy_cache_methods GET HEAD; # only reads are cached
      proxy_cache_valid 200 1s; # one second: at most one read per second reaches the site, however many visitors poll
      proxy_cache_lock on; # one read for many concurrent misses
      proxy_cache_lock_timeout 2s; # past 2 s a waiter asks the site itself
      proxy_cache_use_stale updating error timeout http_502 http_503 http_504; # figures a second old beat none
      add_header X-Edge-Cache $upstream_cache_status always; # as above
    }

    location /assets/ {
      proxy_pass http://exchange_web; # hashed files: the site serves them with their security headers and precompressed bytes
      proxy_cache pages; # kept at the edge
      proxy_cache_key "$uri|e=$edge_encoding"; # a hashed name is the same bytes on every host and build
      proxy_cache_valid 200 365d; # immutable: the name changes with the content
      proxy_cache_lock on; # one fetch per file
      add_header X-Edge-Cache $upstream_cache_status always; # as above
    }

${unavailableLocation(o)}

    location = /metrics {
      return 404; # metrics stay on the processes' own loopback port (METRICS_PORT)
    }
  }
}
`;
};
