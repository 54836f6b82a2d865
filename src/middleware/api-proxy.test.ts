import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSiteConfig } from '../lib/server/site-config.ts';
import { API_ANSWER_LIMIT, apiProxy } from './api-proxy.ts';
import { createMicroCache } from './micro-cache.ts';
import { requestContext } from './request-context.ts';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
/** What the fake upstream answers, per path. */
const answers: Record<string, Answer> = {
  '/api/v1/traceback': (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end(
      '<h1>Internal Server Error at /srv/api/secret.py line 42</h1><pre>Traceback (most recent call last)</pre>',
    );
  },
  '/api/v1/not-found': (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(
      '{"ret_code":99001,"ret_msg":"no route /internal/admin","result":null}',
    );
  },
  '/api/v1/markup': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      '{"ret_code":10002,"ret_msg":"<img src=x onerror=alert(1)> & </script>","result":null}',
    );
  },
  '/api/v1/plain': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<p>maintenance at /srv/api</p>');
  },
  '/api/v1/broken-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ret_code": "zero", "result": [unclosed');
  },
  '/api/v1/ok': (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-powered-by': 'secret-framework',
    });
    res.end('{"ret_code":0,"ret_msg":"OK","result":{"n":1}}');
  },
  '/api/v1/huge': (_req, res) => {
    // 10 MB of JSON, streamed without a length, so the cap is met while reading
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"ret_code":0,"result":"');
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const more = () => {
      while (sent < 10 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', more);
          return;
        }
      }
      res.end('"}');
    };
    more();
    res.on('close', () => {
      hugeClosedEarly = !res.writableFinished;
    });
  },
};
let hugeClosedEarly: boolean | undefined;
/** The slow upstream call: when it came in, and when it was closed before its answer. */
const slow: { started?: number; abandoned?: number } = {};
answers['/api/v1/slow'] = (_req, res) => {
  slow.started = performance.now();
  // an answer far later than any test waits: only an abort ends this call in time
  const timer = setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ret_code":0,"ret_msg":"OK","result":null}');
  }, 10_000);
  res.on('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) slow.abandoned = performance.now();
  });
};
/** Reads of the tickers the upstream served, and whether a cookie came with any. */
const tickerReads = { count: 0, cookies: 0, fail: false };
answers['/api/v1/market/tickers'] = (req, res) => {
  tickerReads.count += 1;
  if (req.headers.cookie) tickerReads.cookies += 1;
  if (tickerReads.fail) {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"ret_code":503,"ret_msg":"down","result":null}');
    return;
  }
  // answered a little later, so concurrent requests overlap the read
  setTimeout(() => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': 'tracker=1',
    });
    res.end(
      JSON.stringify({
        ret_code: 0,
        ret_msg: 'OK',
        result: { items: [], updatedAt: tickerReads.count },
      }),
    );
  }, 20);
};
let clock = 1_000_000;
let cachedApp: Hono;

let upstream: Server;
let app: Hono;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const answer = answers[new URL(req.url ?? '/', 'http://x').pathname];
    if (answer) answer(req, res);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) =>
    upstream.listen(0, '127.0.0.1', resolve),
  );
  const { port } = upstream.address() as AddressInfo;
  const site = loadSiteConfig({
    API_ORIGIN: `http://127.0.0.1:${port}`,
    SITE_ORIGIN: 'http://localhost:3000',
  });
  app = new Hono();
  app.use(requestContext(site));
  app.use(apiProxy(site));
  cachedApp = new Hono();
  cachedApp.use(requestContext(site));
  cachedApp.use(
    apiProxy(site, createMicroCache({ ttlMs: 1000, now: () => clock })),
  );
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const get = (path: string) => app.request(`http://localhost:3000${path}`);
type Envelope = { ret_code: number; ret_msg: string; result: unknown };

describe('the /api/* proxy never relays upstream internals', () => {
  it('answers an upstream 500 HTML page with its own JSON envelope', async () => {
    const res = await get('/api/v1/traceback');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    const text = await res.text();
    expect(text).not.toMatch(/Traceback|\/srv|secret|<h1>/);
    expect((JSON.parse(text) as Envelope).ret_code).toBe(500);
  });

  it('answers an upstream 404 envelope with its own, not the upstream message', async () => {
    const res = await get('/api/v1/not-found');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('/internal/admin');
  });

  it('answers a 200 that is not JSON, by type or by content, with a 502 envelope', async () => {
    for (const path of ['/api/v1/plain', '/api/v1/broken-json']) {
      const res = await get(path);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toBe(
        'application/json; charset=utf-8',
      );
      const text = await res.text();
      expect(text).not.toMatch(/maintenance|unclosed/);
      expect((JSON.parse(text) as Envelope).ret_msg).toBe(
        'Upstream answer is not JSON',
      );
    }
  });

  it('relays a JSON answer with markup escaped (the same value, no markup bytes)', async () => {
    const res = await get('/api/v1/markup');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/[<>&]/);
    expect((JSON.parse(text) as Envelope).ret_msg).toBe(
      '<img src=x onerror=alert(1)> & </script>',
    );
  });

  it('pins the content type to JSON and drops other upstream headers', async () => {
    const res = await get('/api/v1/ok');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { n: 1 },
    });
  });

  it('caps a proxied answer and aborts the upstream connection past the cap', async () => {
    const res = await get('/api/v1/huge');
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text.length).toBeLessThan(200);
    expect((JSON.parse(text) as Envelope).ret_msg).toBe(
      'Upstream answer too large',
    );
    await expect.poll(() => hugeClosedEarly).toBe(true);
    expect(API_ANSWER_LIMIT).toBe(2 * 1024 * 1024);
  });
});

describe('a client that goes away cancels its upstream call', () => {
  it('aborts the upstream request as soon as the browser closes its connection', async () => {
    // the proxy behind a real listener, as in production: @hono/node-server aborts the
    // request's signal when the client's connection closes before the answer
    const listener = getRequestListener(app.fetch);
    const site = createServer((req, res) => {
      void listener(req, res);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    try {
      const client = request(`http://127.0.0.1:${port}/api/v1/slow`, {
        headers: { host: 'localhost:3000' },
      });
      client.on('error', () => undefined);
      client.end();
      await expect.poll(() => slow.started).toBeDefined();
      // the browser gives up after 100 ms
      await new Promise((resolve) => setTimeout(resolve, 100));
      const left = performance.now();
      client.destroy();
      // the upstream sees its request closed unanswered promptly (not after its own 10 s
      // answer or the proxy's 15 s timeout), and only once the browser had left
      await expect
        .poll(() => slow.abandoned, { timeout: 2000, interval: 10 })
        .toBeDefined();
      expect(slow.abandoned).toBeGreaterThan(left);
    } finally {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});

describe('public market data is micro-cached', () => {
  const tickers = async (query = '', cookie = 'b_t_c_k=secret') =>
    cachedApp.request(`http://localhost:3000/api/v1/market/tickers${query}`, {
      headers: { cookie },
    });

  it('makes one upstream read a second, however many visitors ask', async () => {
    tickerReads.count = 0;
    tickerReads.cookies = 0;
    tickerReads.fail = false;
    clock += 10_000;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => tickers(`?v=${i}`)),
    );
    expect(tickerReads.count).toBe(1);
    expect(tickerReads.cookies).toBe(0);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    }
    expect(
      answers.filter((r) => r.headers.get('x-micro-cache') === 'MISS'),
    ).toHaveLength(1);

    clock += 999;
    await (await tickers()).text();
    expect(tickerReads.count).toBe(1);
    clock += 2;
    const later = await tickers();
    expect(later.headers.get('x-micro-cache')).toBe('MISS');
    expect(
      (JSON.parse(await later.text()) as { result: { updatedAt: number } })
        .result.updatedAt,
    ).toBe(2);
    expect(tickerReads.count).toBe(2);
  });

  it('does not keep a failed read: the next request asks again', async () => {
    tickerReads.count = 0;
    tickerReads.fail = true;
    clock += 10_000;
    expect((await tickers()).status).toBe(503);
    expect((await tickers()).status).toBe(503);
    expect(tickerReads.count).toBe(2);
    tickerReads.fail = false;
    expect((await tickers()).status).toBe(200);
  });
});
