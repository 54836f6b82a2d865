import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { allowedMethods, methods } from './methods.ts';

/** An app whose page body records whether anyone read it to the end or cancelled it. */
const appWithBody = () => {
  const seen = { cancelled: false };
  const app = new Hono();
  app.use(methods());
  app.all('*', () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('<p>page</p>'));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(body, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  });
  return { app, seen };
};

describe('method policy', () => {
  it.each([
    ['/en/launchpad', 'GET, HEAD'],
    ['/robots.txt', 'GET, HEAD'],
    ['/sitemap.xml', 'GET, HEAD'],
    ['/assets/app.js', 'GET, HEAD'],
    ['/RSC/R/en/launchpad.txt', 'GET, HEAD, POST'],
    ['/api/v1/market', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
    ['/latest.json', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
  ])('%s takes %s', (path, allow) => {
    expect(allowedMethods(path).join(', ')).toBe(allow);
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'POST', 'PROPFIND'])(
    'answers %s on a page with 405 and Allow, without rendering',
    async (method) => {
      const { app, seen } = appWithBody();
      const res = await app.request('http://localhost/en/launchpad', {
        method,
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.text()).toBe('Method Not Allowed\n');
      expect(seen.cancelled).toBe(false);
    },
  );

  // TRACE itself cannot be sent through fetch(); the browser tests send it over node:http
  it('answers a method the API does not take with 405', async () => {
    const { app } = appWithBody();
    const res = await app.request('http://localhost/api/v1/market', {
      method: 'PROPFIND',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('DELETE');
  });

  it('answers OPTIONS on a page with 204 and Allow', async () => {
    const { app } = appWithBody();
    const res = await app.request('http://localhost/sitemap.xml', {
      method: 'OPTIONS',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers HEAD with the headers of GET and cancels the body at once', async () => {
    const { app, seen } = appWithBody();
    const res = await app.request('http://localhost/en/launchpad', {
      method: 'HEAD',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.body).toBeNull();
    expect(seen.cancelled).toBe(true);
  });

  it('passes GET through untouched', async () => {
    const { app, seen } = appWithBody();
    const res = await app.request('http://localhost/en/launchpad');
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('<p>page</p>');
    await reader?.cancel();
    expect(seen.cancelled).toBe(true);
  });
});
