import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createRequestClient, type RetryPolicy } from './client.ts';
import { HttpStatusError, TransportError } from './envelope.ts';
import {
  closedPort,
  ok,
  startTestApiServer,
  type TestApiServer,
  urlOf,
} from './test-api-server.ts';

const pingSchema = v.object({ pong: v.boolean() });

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const clientWith = (retry: RetryPolicy, timeoutMs = 5000) =>
  createRequestClient({
    baseURL: api.origin,
    lang: 'en',
    platform: 'pc',
    retry,
    timeoutMs,
  });

const failure = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('retries', () => {
  it('GET: 503 twice, then 200 → success after 3 hits', async () => {
    api.on('/flaky', (_request, hit) =>
      hit <= 2 ? { status: 503, body: 'busy' } : ok({ pong: true }),
    );
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await expect(client.get('/flaky', { schema: pingSchema })).resolves.toEqual(
      { pong: true },
    );
    expect(api.hits('/flaky')).toBe(3);
  });

  it('GET: a refused connection is retried', async () => {
    api.on('/ping', () => ok({ pong: true }));
    const refused = `http://127.0.0.1:${await closedPort()}`;
    let calls = 0;
    const client = createRequestClient({
      baseURL: api.origin,
      lang: 'en',
      platform: 'pc',
      retry: { budgetMs: 5000, maxAttempts: 3, baseDelayMs: 20 },
      // The first attempt goes to a port nobody listens on: a real network error.
      fetch: (input, init) => {
        calls += 1;
        const url =
          calls === 1 ? urlOf(input).replace(api.origin, refused) : input;
        return globalThis.fetch(url, init);
      },
    });
    await expect(client.get('/ping', { schema: pingSchema })).resolves.toEqual({
      pong: true,
    });
    expect(calls).toBe(2);
    expect(api.hits('/ping')).toBe(1);
  });

  it('gives up after maxAttempts with the last HTTP error', async () => {
    api.on('/down', () => ({ status: 502, body: 'bad gateway' }));
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 2,
      baseDelayMs: 20,
    });
    const error = await failure(client.get('/down', { schema: pingSchema }));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 502 });
    expect(api.hits('/down')).toBe(2);
  });

  it('retries 429', async () => {
    api.on('/limited', (_request, hit) =>
      hit === 1
        ? { status: 429, body: 'slow down', headers: { 'retry-after': '0' } }
        : ok({ pong: true }),
    );
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await expect(
      client.get('/limited', { schema: pingSchema }),
    ).resolves.toEqual({ pong: true });
    expect(api.hits('/limited')).toBe(2);
  });

  it('does not wait for a Retry-After beyond the budget', async () => {
    api.on('/limited', () => ({
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '60' },
    }));
    const client = clientWith({
      budgetMs: 2000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    const started = performance.now();
    const error = await failure(client.get('/limited', { schema: pingSchema }));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(api.hits('/limited')).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('never retries POST', async () => {
    api.on('/order', () => ({ status: 503, body: 'busy' }));
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    const error = await failure(
      client.post('/order', { schema: pingSchema, body: { qty: '1' } }),
    );
    expect(error).toMatchObject({ status: 503 });
    expect(api.hits('/order')).toBe(1);
  });

  it.each([400, 404])('does not retry %i', async (status) => {
    api.on('/nope', () => ({ status, body: 'no' }));
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await failure(client.get('/nope', { schema: pingSchema }));
    expect(api.hits('/nope')).toBe(1);
  });

  it('does not retry a ret_code error', async () => {
    api.on('/fail', () => ({
      body: { ret_code: 10001, ret_msg: 'x', result: null },
    }));
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await failure(client.get('/fail', { schema: pingSchema }));
    expect(api.hits('/fail')).toBe(1);
  });

  it('never exceeds the budget, however many attempts are allowed', async () => {
    const budgetMs = 1000;
    api.on('/always-busy', () => ({ status: 503, body: 'busy', delayMs: 300 }));
    const client = clientWith({ budgetMs, maxAttempts: 50, baseDelayMs: 50 });
    const started = performance.now();
    const error = await failure(
      client.get('/always-busy', { schema: pingSchema }),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThanOrEqual(budgetMs + 200);
    expect(api.hits('/always-busy')).toBeGreaterThanOrEqual(2);
    expect(
      error instanceof HttpStatusError || error instanceof TransportError,
    ).toBe(true);
  });

  it('an attempt is cut at the end of the budget even when timeoutMs is longer', async () => {
    api.on('/slow', () => ({ ...ok({ pong: true }), delayMs: 3000 }));
    const client = clientWith({ budgetMs: 400, maxAttempts: 3 }, 15_000);
    const started = performance.now();
    const error = await failure(client.get('/slow', { schema: pingSchema }));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(performance.now() - started).toBeLessThanOrEqual(400 + 200);
  });

  it('an abort during the backoff wait ends the call at once', async () => {
    api.on('/down', () => ({ status: 503, body: 'busy' }));
    const client = clientWith({
      budgetMs: 10_000,
      maxAttempts: 3,
      baseDelayMs: 4000,
    });
    const controller = new AbortController();
    const pending = failure(
      client.get('/down', { schema: pingSchema, signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(api.hits('/down')).toBe(1);
  });
});
