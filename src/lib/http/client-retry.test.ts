import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import {
  answer,
  closedPort,
  failure,
  hits,
  okBody,
  urlOf,
  withFaultSandbox,
} from '../../sandbox/testing.ts';
import { createRequestClient, type RetryPolicy } from './client.ts';
import { HttpStatusError, TransportError } from './envelope.ts';

const pingSchema = v.object({ pong: v.boolean() });

// the sandbox API answers every call below through its faults
let api = '';
withFaultSandbox((url) => {
  api = url;
});

const clientWith = (retry: RetryPolicy, timeoutMs = 5000) =>
  createRequestClient({
    baseURL: api,
    lang: 'en',
    platform: 'pc',
    retry,
    timeoutMs,
  });

describe('retries', () => {
  it('GET: 503 twice, then 200 → success after 3 hits', async () => {
    await answer(api, '/flaky', { status: 503, body: 'busy', times: 2 });
    await answer(api, '/flaky', { body: okBody({ pong: true }) });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await expect(client.get('/flaky', { schema: pingSchema })).resolves.toEqual(
      { pong: true },
    );
    expect(await hits(api, '/flaky')).toBe(3);
  });

  it('GET: a refused connection is retried', async () => {
    await answer(api, '/ping', { body: okBody({ pong: true }) });
    const refused = `http://127.0.0.1:${await closedPort()}`;
    let calls = 0;
    const client = createRequestClient({
      baseURL: api,
      lang: 'en',
      platform: 'pc',
      retry: { budgetMs: 5000, maxAttempts: 3, baseDelayMs: 20 },
      // The first attempt goes to a port nobody listens on: a real network error.
      fetch: (input, init) => {
        calls += 1;
        const url = calls === 1 ? urlOf(input).replace(api, refused) : input;
        return globalThis.fetch(url, init);
      },
    });
    await expect(client.get('/ping', { schema: pingSchema })).resolves.toEqual({
      pong: true,
    });
    expect(calls).toBe(2);
    expect(await hits(api, '/ping')).toBe(1);
  });

  it('gives up after maxAttempts with the last HTTP error', async () => {
    await answer(api, '/down', { status: 502, body: 'bad gateway' });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 2,
      baseDelayMs: 20,
    });
    const error = await failure(client.get('/down', { schema: pingSchema }));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 502 });
    expect(await hits(api, '/down')).toBe(2);
  });

  it('retries 429', async () => {
    await answer(api, '/limited', {
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '0' },
      times: 1,
    });
    await answer(api, '/limited', { body: okBody({ pong: true }) });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await expect(
      client.get('/limited', { schema: pingSchema }),
    ).resolves.toEqual({ pong: true });
    expect(await hits(api, '/limited')).toBe(2);
  });

  it('does not wait for a Retry-After beyond the budget', async () => {
    await answer(api, '/limited', {
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '60' },
    });
    const client = clientWith({
      budgetMs: 2000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    const started = performance.now();
    const error = await failure(client.get('/limited', { schema: pingSchema }));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 60_000 });
    expect(await hits(api, '/limited')).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('never retries POST', async () => {
    await answer(api, '/order', { status: 503, body: 'busy' });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    const error = await failure(
      client.post('/order', { schema: pingSchema, body: { qty: '1' } }),
    );
    expect(error).toMatchObject({ status: 503 });
    expect(await hits(api, '/order')).toBe(1);
  });

  it.each([400, 404])('does not retry %i', async (status) => {
    await answer(api, '/nope', { status, body: 'no' });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await failure(client.get('/nope', { schema: pingSchema }));
    expect(await hits(api, '/nope')).toBe(1);
  });

  it('does not retry a ret_code error', async () => {
    await answer(api, '/fail', {
      body: { ret_code: 10001, ret_msg: 'x', result: null },
    });
    const client = clientWith({
      budgetMs: 5000,
      maxAttempts: 3,
      baseDelayMs: 20,
    });
    await failure(client.get('/fail', { schema: pingSchema }));
    expect(await hits(api, '/fail')).toBe(1);
  });

  it('never exceeds the budget, however many attempts are allowed', async () => {
    const budgetMs = 1000;
    await answer(api, '/always-busy', { status: 503, body: 'busy', ms: 300 });
    const client = clientWith({ budgetMs, maxAttempts: 50, baseDelayMs: 50 });
    const started = performance.now();
    const error = await failure(
      client.get('/always-busy', { schema: pingSchema }),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThanOrEqual(budgetMs + 200);
    expect(await hits(api, '/always-busy')).toBeGreaterThanOrEqual(2);
    expect(
      error instanceof HttpStatusError || error instanceof TransportError,
    ).toBe(true);
  });

  it('an attempt is cut at the end of the budget even when timeoutMs is longer', async () => {
    await answer(api, '/slow', { body: okBody({ pong: true }), ms: 3000 });
    const client = clientWith({ budgetMs: 400, maxAttempts: 3 }, 15_000);
    const started = performance.now();
    const error = await failure(client.get('/slow', { schema: pingSchema }));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(performance.now() - started).toBeLessThanOrEqual(400 + 200);
  });

  it('an abort during the backoff wait ends the call at once', async () => {
    await answer(api, '/down', { status: 503, body: 'busy' });
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
    expect(await hits(api, '/down')).toBe(1);
  });
});
