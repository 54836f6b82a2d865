import { msg } from '@lingui/core/macro';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import { escapeHtml } from '../lib/html.ts';
import { getServerI18n } from '../lib/i18n/server.ts';
import { isDocumentPath } from '../lib/navigation-path.ts';
import { collectWhenIdle } from '../lib/server/idle-collect.ts';
import { inOrderDocument } from '../lib/server/in-order-document.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import { pageAddress } from '../page-address.ts';
import { replaceResponse } from './response.ts';

export const STALE_NOTICE = msg({
  id: 'page.staleNotice',
  comment:
    'A banner on a page served from its last good copy while the exchange data service is down (issue 29).',
  message:
    'Live data is temporarily unavailable. This page shows the last figures we had, which may be out of date.',
});

export type LastGoodOptions = {
  /** How old a copy may be and still serve during an outage (ms). */
  readonly maxAgeMs: number;
  /** A copy younger than this is not replaced (ms): one render in many is recorded. */
  readonly refreshMs?: number;
  readonly maxEntries?: number;
  readonly maxBytes?: number;
  readonly now?: () => number;
};

type Copy = { html: string; nonce: string; at: number };

/** The longest delay `setTimeout` keeps (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The localized notice, first in the body of a page served from its last good copy. */
export const staleNoticeHtml = (locale: Locale | undefined): string =>
  `<div role="status" data-stale-notice="" style="padding:.75rem 1rem;background:#5c4400;color:#fff3d1;text-align:center">${escapeHtml(getServerI18n(locale ?? DEFAULT_LOCALE)._(STALE_NOTICE))}</div>`;

/**
 * Stale-if-error for pages: the last good HTML of each guest page whose address
 * (src/page-address.ts) has no query — `/en/launchpad?utm_source=x` is `/en/launchpad`'s —
 * kept apart from the guest cache (bounded in entries and bytes, least recently stored
 * forgotten first). When a guest's render answers 503 because the API is down, the last good
 * copy (up to `maxAgeMs` old) answers instead: 200, not stored by any cache, with a localized notice
 * that figures may be out of date and the copy's script nonce replaced by this request's. With
 * no copy, the 503 stands (localized for people, short for bots).
 */
export const lastGoodPages = (options: LastGoodOptions) => {
  const refreshMs = options.refreshMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  // reads peek: the least recently stored copy is forgotten first, however often it answered;
  // a copy too old to serve goes on lru-cache's timer (issue 41 point 5: bounded caches shrink
  // with time), at most the longest delay a Node timer takes (about 24.8 days)
  const copies = new LRUCache<string, Copy>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (copy) => Math.max(1, copy.html.length),
    ttl: Math.max(1, Math.min(options.maxAgeMs, MAX_TIMER_MS)),
    ttlAutopurge: true,
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
    disposeAfter: (copy, _key, reason) => {
      if (reason === 'expire') collectWhenIdle(copy.html.length * 2);
    },
  });
  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    await next();
    const context = findRequestContext();
    if (!context || !isDocumentPath(c.req.path)) return;
    const url = new URL(c.req.url);
    const address = pageAddress(url.pathname, url.search);
    // a page without declared parameters: its one address; anything else is never kept
    if (address !== url.pathname) return;
    const key = `${context.origin}${address}`;
    const res = c.res;
    // served to guests only, like the guest cache it stands in for: a trader's page is theirs
    if (
      res.status === 503 &&
      context.status?.code === 503 &&
      !context.session
    ) {
      const copy = copies.peek(key);
      if (!copy || now() - copy.at > options.maxAgeMs) return;
      await res.body?.cancel();
      const html = copy.html
        .split(copy.nonce)
        .join(context.nonce)
        .replace(
          /<body\b[^>]*>/,
          (body) => `${body}${staleNoticeHtml(context.locale)}`,
        );
      replaceResponse(
        c,
        new Response(html, {
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            age: String(Math.floor((now() - copy.at) / 1000)),
          },
        }),
      );
      return;
    }
    const recordable =
      method === 'GET' &&
      res.status === 200 &&
      res.body !== null &&
      !context.status &&
      /^text\/html/.test(res.headers.get('content-type') ?? '') &&
      !res.headers.has('set-cookie') &&
      !res.headers.get('content-encoding') &&
      !/\b(?:private|no-store)\b/.test(
        res.headers.get('cache-control') ?? '',
      ) &&
      !context.session;
    if (!recordable) return;
    const existing = copies.peek(key);
    if (existing && now() - existing.at < refreshMs) return;
    const body = res.body;
    if (!body) return;
    const [toClient, toCopy] = body.tee();
    replaceResponse(c, new Response(toClient, res));
    const nonce = context.nonce;
    void new Response(toCopy)
      .text()
      .then((html) => {
        // read once the body has ended: a section that fell back makes no good copy
        // and with each streamed section in its place (decision 0033), as crawlers read it
        if (!context.sectionFellBack)
          copies.set(key, {
            html: inOrderDocument(html) ?? html,
            nonce,
            at: now(),
          });
      })
      .catch(() => undefined);
  };

  return { middleware, size: () => copies.size };
};
