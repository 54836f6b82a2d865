/**
 * The nginx edge in front of N site processes (issue 25 item 1): one generator for the committed
 * production configuration (deploy/nginx/, `npm run edge:config`) and the one `npm run serve:edge`
 * and the tests start, so the edge cache key cannot drift from the route table.
 *
 * The edge keys on exactly the request it forwards, and forwards exactly what it keys (decision
 * 0029): the Host it sends (`$host`), the request target as the client sent it (`$request_uri`,
 * never nginx's decoded and merged `$uri`; a page that reads no parameter without its query,
 * `$edge_target`), the session mark (src/page-address.ts
 * `SESSION_COOKIE_MARK`, the same substring test the site applies to the same Cookie header), the
 * Accept-Encoding it asks for (reduced to br, gzip or identity) and the build. So whatever a site
 * process answers for one spelling (a page, a redirect, a refusal) is stored under that spelling
 * only, and can never be served for another: the site alone decides which page a request is.
 * Parameters a page that reads its query does not read make their own edge entries; each is
 * answered from the site's in-process cache, which keys by the page address (src/page-address.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { LOCALE_CODES } from '../../src/i18n/locales.ts';
import {
  localeStrategy,
  localePrefix,
  type LocaleStrategy,
} from '../../src/i18n/routing.ts';
import { QUERY_LIMITS } from '../../src/lib/config/index.ts';
import { MAX_URL_LENGTH, SESSION_COOKIE_MARK } from '../../src/page-address.ts';
import { ROUTES, type RouteEntry } from '../../src/routes.ts';
import {
  API_ERROR_FILE,
  BAD_REQUEST_FILE,
  EDGE_SECURITY_HEADERS,
  errorPageCsp,
  FILE_ERROR_FILE,
} from './edge-errors.ts';

export const BROTLI_MODULE =
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** A string as an nginx (PCRE) pattern that matches it literally. */
const literalPattern = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The edge's session bit, from the site's own definition: a Cookie header containing the token
 * cookie's mark (src/page-address.ts `hasSessionCookie`, the same substring test).
 */
export const sessionMap = (): string =>
  [
    "  # the session variant: the Cookie header contains the token cookie's mark, as the site reads it (src/page-address.ts hasSessionCookie)",
    '  map $http_cookie $edge_session {',
    '    default 0;',
    `    "~${literalPattern(SESSION_COOKIE_MARK)}" 1;`,
    '  }',
  ].join('\n');

/**
 * The page paths whose answer the query cannot change, spelt exactly as the site spells them
 * under the strategy: every page of the route table without a key and without a parameter it
 * reads (`route.query`), in every locale. The root `/` is left out (a configured root redirect
 * keeps the query in its Location), as are keyed pages (their validate step may redirect, query
 * and all).
 */
export const queryFreePagePaths = (
  strategy: LocaleStrategy = localeStrategy(),
): string[] =>
  (ROUTES as readonly RouteEntry[])
    .filter((route) => !route.param && !route.query?.length)
    .flatMap((route) =>
      LOCALE_CODES.map(
        (locale) => `${localePrefix(locale, strategy)}${route.path}`,
      ),
    )
    .filter((pagePath) => pagePath !== '' && pagePath !== '/')
    .sort((a, b) => b.length - a.length || a.localeCompare(b));

/**
 * A query the site accepts without a second look (src/page-address.ts `requestProblem`): at most
 * `arrayLimit` pairs (so no name can exceed it, nor the parameter limit), names of unreserved
 * characters only (nothing to decode, no brackets), values without a space, `&` or `#`, and the
 * whole target within `MAX_URL_LENGTH`. Anything else goes to the site as sent.
 */
const ACCEPTED_QUERY = `(?:[A-Za-z0-9_.~-]+(?:=[A-Za-z0-9_.~%+!()*,;:@/?=-]*)?(?:&[A-Za-z0-9_.~-]+(?:=[A-Za-z0-9_.~%+!()*,;:@/?=-]*)?){0,${String(QUERY_LIMITS.arrayLimit - 1)}})?`;

/**
 * The pattern `$edge_target` drops the query of: one of `queryFreePagePaths`, exactly, then an
 * accepted query. As a JavaScript RegExp source too (PCRE and JavaScript read it alike), so a
 * unit test holds it to the site's own `pageAddress` and `requestProblem`.
 */
export const queryFreePattern = (
  strategy: LocaleStrategy = localeStrategy(),
): string =>
  `^(?=.{0,${String(MAX_URL_LENGTH)}}$)(${queryFreePagePaths(strategy)
    .map(literalPattern)
    .join('|')})(?:\\?${ACCEPTED_QUERY})?$`;

/**
 * The request target the edge forwards and keys by. The query of a page that reads none is a
 * part of the address the site drops itself (src/page-address.ts `pageAddress`), so the edge
 * drops it too, and a flood of unique tracking parameters on such a page is one entry, answered
 * at the edge; every other request target goes to the site exactly as the client sent it.
 */
export const targetMap = (
  strategy: LocaleStrategy = localeStrategy(),
): string =>
  [
    '  # the request target forwarded and keyed: a page that reads no parameter, without its query (the site drops it: src/page-address.ts pageAddress); anything else as the client sent it',
    '  map $request_uri $edge_target {',
    '    default $request_uri;',
    `    "~${queryFreePattern(strategy)}" $1;`,
    '  }',
  ].join('\n');

/**
 * The edge's cache key: exactly what it forwards (`proxy_set_header Host $host`, the request
 * target `$edge_target`, `Accept-Encoding $edge_encoding`), the session mark and the build.
 */
export const EDGE_CACHE_KEY =
  '$host|$edge_target|s=$edge_session|e=$edge_encoding|b=$edge_build';

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
  /** The site processes' `LOCALE_STRATEGY` (default: this process's). */
  strategy?: LocaleStrategy;
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

/**
 * The edge's own answer when no process answers: the API's paths its JSON envelope, a file's
 * path a short text, a page the 503 page in the address's locale (`/ja-JP/…` → ja-JP.html;
 * anything else: the default), each with the site's security headers.
 */
export const errorPageMap = (): string =>
  [
    '  # what the edge answers with when no process does: the API an envelope, files a text, pages the 503 page in the locale of the address',
    // $request_uri: the address as the client sent it ($uri is the error location's by then)
    '  map $request_uri $edge_error_page {',
    '    default "en.html";',
    `    "~^/+(?:api/|latest\\.json|builds/meta/)" "${API_ERROR_FILE}";`,
    `    "~^/+assets/|^[^?]*\\.[A-Za-z0-9]+(?:\\?|$)" "${FILE_ERROR_FILE}";`,
    `    "~^/(${LOCALE_CODES.join('|')})(?:[/?]|$)" "$1.html";`,
    '  }',
  ].join('\n');

/** Where nginx answers from when every process is down and nothing is cached (internal only). */
export const UNAVAILABLE_PATH = '/.edge-unavailable';

/** Where nginx answers a request it cannot read itself (a request line no process is sent). */
export const BAD_REQUEST_PATH = '/.edge-bad-request';

/**
 * The location of one of the edge's own answers: a file written beside the 503 pages, with the
 * site's security headers and nothing a cache may keep.
 */
const ownAnswerLocation = (
  o: EdgeOptions,
  where: string,
  file: string,
  lines: readonly string[],
): string =>
  [
    // a URI, not a named location: nginx turns any method into GET on the way there, so a POST
    // gets the page too (the static handler answers 405 to anything but GET and HEAD)
    `    location = ${where} {`,
    '      internal; # reached only as an error page, never by its address',
    `      root ${o.errorPages}; # the static pages written from the catalogs (npm run edge:config)`,
    `      rewrite ^ /${file} break; # ${file === '$edge_error_page' ? 'the envelope, the text, or the page in the locale of the address' : 'as the site answers it'}`,
    '      charset utf-8; # the pages are UTF-8 (Thai, Japanese, Korean, Chinese, Russian)',
    '      charset_types text/plain application/json; # the envelope and the text too (text/html is always one)',
    ...lines,
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

/** The localized 503 page (the API's envelope, a file's text) when no process answers. */
const unavailableLocation = (o: EdgeOptions): string =>
  ownAnswerLocation(o, UNAVAILABLE_PATH, '$edge_error_page', [
    '      add_header Retry-After 30 always; # when to try again',
    '      add_header X-Edge-Cache "UNAVAILABLE" always; # for tests and operators: the edge answered, no process did',
  ]);

/** The site's short 400 text for a request nginx refuses before any process sees it. */
const badRequestLocation = (o: EdgeOptions): string =>
  ownAnswerLocation(o, BAD_REQUEST_PATH, BAD_REQUEST_FILE, [
    '      add_header X-Edge-Cache "REFUSED" always; # for tests and operators: the edge refused the request line itself, no process saw it',
  ]);

/** The named location a request with a token cookie is answered from. */
const SESSION_LOCATION = '@session';

/**
 * What both page locations share: the upstream, the cache key (the session bit in it), the lock,
 * stale answers and the 503 page. The guest one reads lifetimes from Cache-Control; the session
 * one from X-Accel-Expires only.
 */
const pageCache = (variant: 'guest' | 'session'): string =>
  [
    '      proxy_pass http://exchange_web$edge_target; # the site processes, asked for the request target as the client sent it (less the query of a page that reads none: $edge_target), the key below',
    `      proxy_cache pages; # ${variant === 'guest' ? 'guest pages and payloads go' : 'the session variant of pages and payloads goes'} through the edge cache`,
    `      proxy_cache_key "${EDGE_CACHE_KEY}"; # exactly what is forwarded: an answer is stored only under the request it answered`,
    '      proxy_cache_methods GET HEAD; # only reads are cached',
    '      proxy_cache_min_uses 2; # an address is kept from its second request on, as the processes keep pages: a flood of unique addresses (each asked once) never writes to disk nor pushes popular pages out',
    '      proxy_cache_lock off; # concurrent misses of one key go on to the site, whose page cache renders once for them (src/middleware/guest-cache.ts); a lock would queue every answer the edge may not store',
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
    hash $host$edge_target consistent; # one process per address: concurrent misses of one page meet in that process's page cache, which renders once for all of them (no edge lock, so nothing queues behind an answer the edge may not keep); a process that is down hands its addresses to the next
${o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s; # a process that failed is skipped for 5 s`).join('\n')}
    keepalive 64; # idle connections kept open to the processes: no handshake per request
    keepalive_timeout 4s; # below Node's 5 s keep-alive timeout: nginx closes first, never reuses a socket Node closed
  }

  proxy_cache_path ${d}/cache levels=1:2 keys_zone=pages:32m max_size=${o.maxSize ?? '1g'} inactive=10m use_temp_path=off; # 32 MB of keys (about 250,000 entries); entries unused for 10 min go

${sessionMap()}

${targetMap(o.strategy)}

  # the encoding asked of the upstream, reduced to three so the cache holds at most three variants
  map $http_accept_encoding $edge_encoding {
    default "";
    "~*\\bbr\\b" "br";
    "~*\\bgzip\\b" "gzip";
  }

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
    error_page 400 =400 ${BAD_REQUEST_PATH}; # a request line nginx cannot read (a backslash first, raw bytes): the site's own short text and headers, as a process would answer it

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
      proxy_pass http://exchange_web; # public market data every visitor's page polls (no query or cookie reaches the answer)
      proxy_cache pages; # micro-cached here as in the site (src/middleware/micro-cache.ts)
      proxy_cache_key "$host|$request_uri|e=$edge_encoding"; # no cookie: the same figures for everyone; the request target as sent (this location matches nginx's decoded path, and another spelling's answer, a redirect, must never stand for this one)
      proxy_cache_methods GET HEAD; # only reads are cached
      proxy_cache_valid 200 1s; # one second: at most one read per second reaches the site, however many visitors poll
      proxy_cache_lock on; # one read for many concurrent misses
      proxy_cache_lock_timeout 2s; # past 2 s a waiter asks the site itself
      proxy_cache_use_stale updating error timeout http_502 http_503 http_504; # figures a second old beat none
      add_header X-Edge-Cache $upstream_cache_status always; # as above
      error_page 502 503 504 =503 ${UNAVAILABLE_PATH}; # no process answered and nothing is kept: the envelope, with the security headers
    }

    location /assets/ {
      proxy_pass http://exchange_web; # hashed files: the site serves them with their security headers and precompressed bytes
      proxy_cache pages; # kept at the edge
      proxy_cache_key "$request_uri|e=$edge_encoding"; # a hashed name is the same bytes on every host and build; the request target as sent, so another spelling's answer (a redirect) never stands for the file
      proxy_cache_valid 200 365d; # immutable: the name changes with the content
      proxy_cache_lock on; # one fetch per file
      add_header X-Edge-Cache $upstream_cache_status always; # as above
      error_page 502 503 504 =503 ${UNAVAILABLE_PATH}; # no process answered and nothing is kept: a short text, with the security headers
    }

${unavailableLocation(o)}

${badRequestLocation(o)}

    location = /metrics {
      return 404; # metrics stay on the processes' own loopback port (METRICS_PORT)
    }
  }
}
`;
};
