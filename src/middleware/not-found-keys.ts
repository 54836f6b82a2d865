import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

import type { Locale } from '../i18n/locales.ts';
import { nearestPage } from '../i18n/navigation.ts';
import { pageOfPath } from '../i18n/navigation.ts';
import { localeStrategy } from '../i18n/routing.ts';
import { TOKEN_KEY } from '../lib/config/index.ts';
import { collectWhenIdle } from '../lib/server/idle-collect.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { hasSessionCookie } from '../page-address.ts';
import { routePath, type RouteId } from '../routes.ts';

/**
 * The keys this fast path answers for: letters, digits, `-` and `_`, at most 64. Such a key is
 * the same text in a path, an HTML attribute, HTML text and a JSON string, so the rendered 404
 * of one key is the 404 of another with the key swapped. Any other key renders as before.
 */
export const TEMPLATE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The key the template 404 is rendered for: no key of any list has this spelling (it is checked
 * against the list like any key), and it occurs nowhere else in a page.
 */
export const PLACEHOLDER_KEY = 'zz-not-found-key-0f3c9a1e7b';

/** A rendered 404 under a keyed route, cut where the key and the render's nonce went. */
type Template = {
  /** The body: text, then alternately a slot and text (`parts.length` is odd). */
  readonly parts: readonly string[];
  readonly slots: readonly ('key' | 'nonce')[];
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The nonce of the template's render: in its CSP, replaced by the request's. */
  readonly nonce: string;
  readonly expires: number;
  readonly bytes: number;
};

export type NotFoundKeysStats = {
  /** 404s answered from a template. */
  served: number;
  /** Templates rendered (one request each, the placeholder key's). */
  filled: number;
  /** Renders that could not become a template (not a 404, no nonce, a failure). */
  refused: number;
  /** Keys a list holds: rendered as before. */
  known: number;
};

export type NotFoundKeysOptions = {
  /**
   * Every key of a keyed route the API answers for (with any status but 404: a delisted
   * project's 410 included), from the list the site already fetches; undefined when the route
   * has no such list. Runs inside the request's context (its host's API).
   */
  readonly knownKeys: (
    route: RouteId,
    locale: Locale,
  ) => Promise<readonly string[] | undefined>;
  /**
   * Whether a redirect rule answers for a path (the render asks the same before its 404): such
   * a key renders, and its render redirects. Runs inside the request's context.
   */
  readonly redirects: (path: string) => Promise<boolean>;
  /** The whole chain for another request (the template's render): the app's own `fetch`. */
  readonly fetchPage: (request: Request) => Response | Promise<Response>;
  /** The host this request is for (already validated against the configuration). */
  readonly hostOf: (header: (name: string) => string | undefined) => string;
  /** How long a template serves before the next 404 renders it again. */
  readonly ttlMs: number;
  /**
   * How long a list of keys is kept here (on top of the API client's own cache of the list):
   * a key that becomes valid renders at most this long plus that cache's lifetime later.
   */
  readonly listTtlMs?: number;
  /** Memory bound of the templates (UTF-16 code units × 2). */
  readonly maxBytes?: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
};

/** Headers of the render that the chain above this step sets again on the way out. */
const OUTER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'date',
  'x-request-id',
]);

const NONCE_SOURCE = /'nonce-([A-Za-z0-9_-]+)'/;

/** A template from the placeholder key's render, or undefined when it cannot be one. */
export const templateOf = (
  status: number,
  headers: Headers,
  html: string,
  expires: number,
): Template | undefined => {
  const nonce = NONCE_SOURCE.exec(
    headers.get('content-security-policy') ?? '',
  )?.[1];
  const type = headers.get('content-type') ?? '';
  if (
    status !== 404 ||
    !nonce ||
    headers.has('set-cookie') ||
    // the page for people names the key; a bot's short plain answer does not
    !(type.startsWith('text/html')
      ? html.includes(PLACEHOLDER_KEY)
      : type.startsWith('text/plain'))
  )
    return undefined;
  const cut = html.split(new RegExp(`(${PLACEHOLDER_KEY}|${nonce})`));
  const parts: string[] = [];
  const slots: ('key' | 'nonce')[] = [];
  cut.forEach((part, i) => {
    if (i % 2 === 0) parts.push(part);
    else slots.push(part === nonce ? 'nonce' : 'key');
  });
  return {
    parts,
    slots,
    status,
    headers: [...headers.entries()].filter(
      ([name]) => !OUTER_HEADERS.has(name),
    ),
    nonce,
    expires,
    bytes: html.length * 2,
  };
};

/** The body of a template for one key and nonce. */
export const fillTemplate = (
  template: Template,
  key: string,
  nonce: string,
): string => {
  let html = template.parts[0] ?? '';
  template.slots.forEach((slot, i) => {
    html += (slot === 'key' ? key : nonce) + (template.parts[i + 1] ?? '');
  });
  return html;
};

/**
 * A 404 under a keyed route, cheaply (issue 23): a random key (`/en/launchpad/{random}`) used to
 * cost an API lookup and a full render of the not-found page. Here a key is decided against the
 * route's list of keys (the list the site already fetches, kept `listTtlMs`), and a key the list
 * lacks is answered from the 404 rendered once for the placeholder key — per host, session bit,
 * bot bit, locale and route, for `ttlMs` — with this request's key and CSP nonce put in. The
 * rest of the chain above this step (security headers with the nonce, compression, the access
 * log) treats it as it treats a render's 404, so the answer is the render's, byte for byte.
 *
 * Only GET of a page address spelled as the table spells it, with no query, and a key of
 * `TEMPLATE_KEY`'s letters whose 404 suggests the same page as the placeholder's and that no
 * redirect rule names; everything else (a known key, a redirected one, any other spelling, a list
 * that failed to load, a template that could not be made) goes on to render as before. Nothing here enters the page cache: 404s are never stored
 * there, so a flood of random keys evicts no page.
 */
export const notFoundKeys = (options: NotFoundKeysOptions) => {
  const now = options.now ?? Date.now;
  const listTtlMs = options.listTtlMs ?? 1000;
  const stats: NotFoundKeysStats = {
    served: 0,
    filled: 0,
    refused: 0,
    known: 0,
  };
  // each bounded in count and in time: an entry goes on lru-cache's timer once it may no longer
  // answer, so an idle process keeps none (issue 41 point 5); a test's clock, else lru-cache's
  const clock = options.now ? { perf: { now: options.now } } : {};
  const timed = (ttl: number) => ({
    ttl: Math.max(1, ttl),
    ttlAutopurge: true,
    ttlResolution: 0,
    ...clock,
  });
  const templates = new LRUCache<string, Template>({
    max: options.maxEntries ?? 500,
    maxSize: options.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (template) => Math.max(1, template.bytes),
    ...timed(options.ttlMs),
    disposeAfter: (template, _key, reason) => {
      if (reason === 'expire') collectWhenIdle(template.bytes);
    },
  });
  /** Renders of a template under way, by template key: one per key at a time. */
  const filling = new Map<string, Promise<Template | undefined>>();
  /** Template keys whose render failed lately: they render as before until then. */
  const refusedUntil = new LRUCache<string, number>({
    max: 1000,
    ...timed(options.ttlMs),
  });
  const lists = new LRUCache<
    string,
    { readonly keys: Promise<ReadonlySet<string> | undefined>; expires: number }
  >({ max: 1000, ...timed(listTtlMs) });

  const knownKeys = (
    host: string,
    route: RouteId,
    locale: Locale,
  ): Promise<ReadonlySet<string> | undefined> => {
    const id = `${host}\n${route}\n${locale}`;
    const at = now();
    const found = lists.get(id);
    if (found && found.expires > at) return found.keys;
    const entry = {
      keys: options
        .knownKeys(route, locale)
        .then((keys) => (keys ? new Set(keys) : undefined)),
      expires: at + listTtlMs,
    };
    lists.set(id, entry);
    // a failed load is forgotten at once: the next request asks again
    entry.keys.catch(() => {
      if (lists.peek(id) === entry) lists.delete(id);
    });
    return entry.keys;
  };

  const fill = async (
    id: string,
    request: Request,
    session: boolean,
    placeholderPath: string,
  ): Promise<Template | undefined> => {
    const headers = new Headers(request.headers);
    for (const name of [
      'cookie',
      'authorization',
      'range',
      'if-none-match',
      'if-modified-since',
      'x-request-id',
    ])
      headers.delete(name);
    headers.set('accept-encoding', 'identity');
    // the session bit without anyone's token: the template serves every visitor of its variant
    if (session) headers.set('cookie', `${TOKEN_KEY}=not-found-template`);
    try {
      const res = await options.fetchPage(
        new Request(new URL(placeholderPath, request.url), { headers }),
      );
      const html = await res.text();
      const template = templateOf(
        res.status,
        res.headers,
        html,
        now() + options.ttlMs,
      );
      if (template) {
        templates.set(id, template);
        stats.filled++;
        return template;
      }
    } catch {
      // the render failed: this key renders as before
    }
    stats.refused++;
    refusedUntil.set(id, now() + options.ttlMs);
    return undefined;
  };

  const template = (
    id: string,
    request: Request,
    session: boolean,
    placeholderPath: string,
  ): Promise<Template | undefined> | undefined => {
    const at = now();
    const found = templates.get(id);
    if (found && found.expires > at) return Promise.resolve(found);
    if ((refusedUntil.get(id) ?? 0) > at) return undefined;
    let pending = filling.get(id);
    if (!pending) {
      pending = fill(id, request, session, placeholderPath).finally(() =>
        filling.delete(id),
      );
      filling.set(id, pending);
    }
    return pending;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = c.req.url;
    if (c.req.method !== 'GET' || url.includes('?')) return next();
    const path = c.req.path;
    const strategy = localeStrategy();
    const page = pageOfPath(path, strategy);
    const key = page?.key;
    const context = findRequestContext();
    const nonce = context?.nonce;
    if (
      !page ||
      key === undefined ||
      !nonce ||
      !TEMPLATE_KEY.test(key) ||
      key === PLACEHOLDER_KEY ||
      routePath(page.locale, page.route.id, key, strategy) !== path
    )
      return next();
    const placeholderPath = routePath(
      page.locale,
      page.route.id,
      PLACEHOLDER_KEY,
      strategy,
    );
    // the 404's "did you mean" link comes from the path: the template's must be this key's
    if (nearestPage(path) !== nearestPage(placeholderPath)) return next();
    const host = options.hostOf((name) => c.req.header(name));
    let keys: ReadonlySet<string> | undefined;
    try {
      keys = await knownKeys(host, page.route.id, page.locale);
    } catch {
      return next();
    }
    if (!keys || keys.has(PLACEHOLDER_KEY)) return next();
    if (keys.has(key)) {
      stats.known++;
      return next();
    }
    // a rule may send an old key on (a renamed project): the render redirects it
    if (await options.redirects(path).catch(() => true)) return next();
    // what a 404 depends on besides the key: the host, the session bit, whether a bot asks
    // (a short plain answer), the locale and the route
    const session = hasSessionCookie(c.req.header('cookie'));
    const id = [
      host,
      session ? 's' : 'g',
      context?.isBot ? 'b' : 'p',
      page.locale,
      page.route.id,
    ].join('\n');
    const found = await template(id, c.req.raw, session, placeholderPath);
    if (!found) return next();
    stats.served++;
    c.res = new Response(fillTemplate(found, key, nonce), {
      status: found.status,
      // the CSP names this request's nonce (the security headers step sets the same again)
      headers: found.headers.map(([name, value]): [string, string] => [
        name,
        value.replaceAll(found.nonce, nonce),
      ]),
    });
  };

  return {
    middleware,
    stats,
    /** How many templates are kept. */
    size: () => templates.size,
    /** How many key lists and refused template keys are remembered. */
    remembered: () => ({ lists: lists.size, refused: refusedUntil.size }),
    clear: () => {
      templates.clear();
      lists.clear();
      refusedUntil.clear();
    },
  };
};
