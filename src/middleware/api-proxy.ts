import type { MiddlewareHandler } from 'hono';

import { HTTP_TIMEOUT_MS } from '../lib/config/index.ts';
import { apiOriginFor } from '../lib/server/api-origin.ts';
import { findRequestContext } from '../lib/server/request-context.ts';
import type { SiteConfig } from '../lib/server/site-config.ts';

export const API_BODY_LIMIT = 64 * 1024;

const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'cookie',
  'lang',
  'platform',
  'user-agent',
];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'set-cookie',
  'cache-control',
  'retry-after',
];

const envelope = (status: number, code: number, msg: string) =>
  new Response(
    JSON.stringify({
      ret_code: code,
      ret_msg: msg,
      message: msg,
      result: null,
    }),
    {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
    },
  );

/**
 * The browser's request client has an empty base URL (spec §7): it calls /api/… on the site,
 * and this forwards to the upstream API (the sandbox by default). Same origin for the
 * browser, so the token cookie stays HttpOnly and first-party.
 */
export const apiProxy =
  (config: SiteConfig): MiddlewareHandler =>
  async (c, next) => {
    const path = c.req.path;
    const isApi =
      path.startsWith('/api/') ||
      path === '/latest.json' ||
      path.startsWith('/builds/meta/');
    if (!isApi) return next();
    const context = findRequestContext();
    if (!context) return next();
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (!origin || origin !== context.origin)
        return envelope(403, 403, 'Cross-origin request refused');
    }
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    headers.set('x-request-id', context.requestId);
    headers.set('x-forwarded-host', new URL(context.origin).host);
    let body: ArrayBuffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = await c.req.arrayBuffer();
      if (body.byteLength > API_BODY_LIMIT)
        return envelope(413, 413, 'Request body too large');
    }
    const target = `${apiOriginFor(config, context.env)}${path}${new URL(c.req.url).search}`;
    try {
      const upstream = await fetch(target, {
        method,
        headers,
        ...(body ? { body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const out = new Headers();
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        if (name === 'set-cookie') {
          for (const cookie of upstream.headers.getSetCookie())
            out.append('set-cookie', cookie);
        } else {
          const value = upstream.headers.get(name);
          if (value) out.set(name, value);
        }
      }
      if (!out.has('cache-control')) out.set('cache-control', 'no-store');
      return new Response(upstream.body, {
        status: upstream.status,
        headers: out,
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === 'TimeoutError';
      return envelope(
        timeout ? 504 : 502,
        timeout ? 504 : 502,
        timeout ? 'Upstream timeout' : 'Upstream unavailable',
      );
    }
  };
