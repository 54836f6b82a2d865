import 'server-only';

import { AsyncLocalStorage } from 'node:async_hooks';

import type { Locale } from '../../i18n/locales.ts';
import type { EnvironmentInfo } from '../config/index.ts';
import { STATIC_HTML_LOOKUP, type StaticHtmlLookup } from '../static-html.ts';

/**
 * What the middleware learns about a request once, for every server component of its
 * render: the environment (from the validated Host), the locale, the nonce, and the status
 * a page asks for (a page cannot set the HTTP status itself, so it records it here and the
 * status middleware applies it before the first byte is sent).
 */
export type RequestContext = {
  readonly requestId: string;
  readonly env: EnvironmentInfo;
  /** The configured origin of this host (never a header a client can forge). */
  readonly origin: string;
  readonly locale: Locale | undefined;
  /**
   * The page path asked for, unescaped: the document's path, or for a client navigation the
   * route its payload request names (`/RSC/R/en/x.txt` → `/en/x`).
   */
  readonly path: string;
  readonly nonce: string;
  readonly isBot: boolean;
  readonly userAgent: string;
  readonly cookie: string;
  /**
   * The query string as asked for (`?utm_source=x`): the render itself sees only the parameters
   * its page declares; a redirect keeps them all.
   */
  readonly search: string;
  /**
   * Whether a session token cookie came with the request (any `b_t_c_k…` spelling). The one
   * thing a render may read about the visitor: the page cache keys its second variant by it.
   */
  readonly session: boolean;
  /**
   * The HTML of this document's server-only parts by key, for its HTML pass (`StaticHtml`,
   * decision 0009); absent for an RSC payload request, which carries the HTML itself.
   */
  readonly staticHtml: Map<string, string> | undefined;
  status?: { code: number; message: string; retryAfter?: number };
  /**
   * Set when a section of this render showed its notice instead of its data (`Section`,
   * decision 0030): the answer may still be 200 for people, but no store keeps it as good.
   */
  sectionFellBack?: true;
  /**
   * How many sections of this render are waiting for their data (`sectionData`, decision 0030):
   * while one is, the page will go quiet, so the compress step sends what it has at once.
   */
  sectionsWaiting?: number;
};

const storage = new AsyncLocalStorage<RequestContext>();

// How the HTML pass (another module graph in the same process, which cannot import this
// module) reads a server-only part of the document it renders: from the request being rendered.
const lookup: StaticHtmlLookup = (key) =>
  storage.getStore()?.staticHtml?.get(key);
Object.defineProperty(globalThis, STATIC_HTML_LOOKUP, {
  value: lookup,
  configurable: true,
});

/**
 * The context of each request by its Request object, for the steps above the one that builds
 * it (the page cache) which read it after the answer's body has ended.
 */
const byRequest = new WeakMap<Request, RequestContext>();

export const runWithRequestContext = <T>(
  context: RequestContext,
  fn: () => T,
  request?: Request,
): T => {
  if (request) byRequest.set(request, context);
  return storage.run(context, fn);
};

/** The context a request was answered in, once the request-context step has run for it. */
export const requestContextOf = (
  request: Request,
): RequestContext | undefined => byRequest.get(request);

/**
 * Records that a section of the page being rendered fell back to its notice: the page caches
 * and the last-good store read it before they keep a copy.
 */
export const markSectionFellBack = (): void => {
  const context = storage.getStore();
  if (context) context.sectionFellBack = true;
};

/**
 * Records that a section of the page being rendered is waiting for its data; the function it
 * returns records that the wait is over (once, however often it is called).
 */
export const holdSection = (): (() => void) => {
  const context = storage.getStore();
  if (!context) return () => undefined;
  context.sectionsWaiting = (context.sectionsWaiting ?? 0) + 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    context.sectionsWaiting = (context.sectionsWaiting ?? 1) - 1;
  };
};

export const findRequestContext = (): RequestContext | undefined =>
  storage.getStore();

/** Ask for an HTTP status for the page being rendered (404, 410, 503 …). */
export const setResponseStatus = (
  code: number,
  message: string,
  retryAfter?: number,
): void => {
  const context = storage.getStore();
  if (context)
    context.status =
      retryAfter === undefined
        ? { code, message }
        : { code, message, retryAfter };
};
