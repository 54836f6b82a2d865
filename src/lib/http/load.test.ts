import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { answer, okBody } from '../../sandbox/testing.ts';
import {
  createRequestClient,
  SERVER_RETRY,
  SERVER_TIMEOUT_MS,
} from './client.ts';
import { load } from './load.ts';

const listSchema = v.array(v.object({ id: v.string() }));

// the sandbox API answers every call below through its faults
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ controls: true });
  const api = sandbox.url;
  await answer(api, '/projects', { body: okBody([{ id: 'p1' }]) });
  await answer(api, '/down', { status: 404, body: 'gone' });
  await answer(api, '/fail', {
    body: { ret_code: 10001, ret_msg: 'x', result: null },
  });
  await answer(api, '/bad', { body: okBody([{ id: 1 }]) });
  await answer(api, '/slow', { body: okBody([]), ms: 3000 });
});
afterAll(() => sandbox.close());

// Server defaults: a slow API never holds the page longer than SERVER_TIMEOUT_MS.
const client = () =>
  createRequestClient({
    baseURL: sandbox.url,
    lang: 'en',
    platform: 'pc',
    timeoutMs: SERVER_TIMEOUT_MS,
    retry: SERVER_RETRY,
  });

describe('load', () => {
  it('settles to success with the data', async () => {
    const state = await load(
      () => client().get('/projects', { schema: listSchema }),
      [],
    );
    expect(state).toEqual({ state: 'success', data: [{ id: 'p1' }] });
  });

  it.each([
    ['/down', { code: 'HTTP_STATUS_ERROR', kind: 'http' }],
    ['/fail', { code: 'API_ERROR', kind: 'api' }],
    ['/bad', { code: 'SCHEMA_ERROR', kind: 'schema' }],
  ])('%s settles to error with the fallback', async (path, error) => {
    const fallback = [{ id: 'default' }];
    const state = await load(
      () => client().get(path, { schema: listSchema }),
      fallback,
    );
    expect(state).toEqual({ state: 'error', data: fallback, error });
  });

  it('a slow API ends in a timeout within the server budget', async () => {
    const started = performance.now();
    const state = await load(
      () => client().get('/slow', { schema: listSchema }),
      [],
    );
    expect(state).toEqual({
      state: 'error',
      data: [],
      error: { code: 'TRANSPORT_ERROR', kind: 'timeout' },
    });
    expect(performance.now() - started).toBeLessThanOrEqual(
      SERVER_RETRY.budgetMs + 200,
    );
  });

  it('never throws, whatever the factory does', async () => {
    const throwsAtOnce = (): Promise<number> => {
      throw new TypeError('boom');
    };
    expect(await load(throwsAtOnce, 0)).toEqual({
      state: 'error',
      data: 0,
      error: { code: 'UNKNOWN_ERROR', kind: 'unknown' },
    });
    const rejectsWithAString = () => Promise.reject<number>(new Error('x'));
    expect(await load(rejectsWithAString, 7)).toMatchObject({
      state: 'error',
      data: 7,
    });
  });
});
