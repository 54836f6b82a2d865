import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import {
  answer,
  failure,
  hits,
  okBody,
  withFaultSandbox,
} from '../../sandbox/testing.ts';
import { createCircuits, type CircuitOptions } from './circuit.ts';
import { createRequestClient } from './client.ts';
import { ApiError, HttpStatusError, TransportError } from './envelope.ts';
import { setApiCallObserver, type ApiCallObservation } from './observe.ts';

const pingSchema = v.object({ pong: v.boolean() });
const pong = okBody({ pong: true });

// the sandbox API answers every call below through its faults
let api = '';
withFaultSandbox((url) => {
  api = url;
});

/** A client of one attempt per call (retries would only multiply the counts), through `circuits`. */
const clientWith = (
  options: CircuitOptions = { failures: 3, openMs: 60_000 },
  timeoutMs = 5000,
) => {
  const circuits = createCircuits(options);
  const client = createRequestClient({
    baseURL: api,
    lang: 'en',
    platform: 'pc',
    retry: { budgetMs: timeoutMs, maxAttempts: 1 },
    timeoutMs,
    circuits,
  });
  return { client, circuits };
};

const ping = (
  client: ReturnType<typeof createRequestClient>,
  path: string,
  signal?: AbortSignal,
) => client.get(path, { schema: pingSchema, ...(signal ? { signal } : {}) });

const isCircuitOpen = (error: unknown) =>
  error instanceof TransportError && error.kind === 'circuit-open';

/** Until the first of `promises` settles, or `ms` pass: whether any settled. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a circuit per endpoint (issue 41 item 4)', () => {
  it('opens after the configured failures in a row: later calls are refused without a request', async () => {
    await answer(api, '/failing', { status: 503, body: 'busy' });
    const { client, circuits } = clientWith();
    for (let i = 0; i < 3; i++)
      expect(await failure(ping(client, '/failing'))).toBeInstanceOf(
        HttpStatusError,
      );
    expect(await hits(api, '/failing')).toBe(3);
    const refused = await failure(ping(client, '/failing'));
    expect(isCircuitOpen(refused)).toBe(true);
    expect(await hits(api, '/failing')).toBe(3); // nothing was sent
    expect(circuits.open()).toEqual([`GET ${api}/failing`]);
  });

  it('one failing endpoint costs only its own calls', async () => {
    await answer(api, '/failing', { status: 502, body: 'bad gateway' });
    await answer(api, '/healthy', { body: pong });
    const { client } = clientWith();
    for (let i = 0; i < 4; i++) await failure(ping(client, '/failing'));
    await expect(ping(client, '/healthy')).resolves.toEqual({ pong: true });
  });

  it('a success in between starts the count again (failures in a row, not in all)', async () => {
    await answer(api, '/flaky', { status: 500, body: 'x', times: 2 });
    await answer(api, '/flaky', { body: pong, times: 1 });
    await answer(api, '/flaky', { status: 500, body: 'x', times: 2 });
    await answer(api, '/flaky', { body: pong });
    const { client } = clientWith();
    for (let i = 0; i < 2; i++) await failure(ping(client, '/flaky'));
    await expect(ping(client, '/flaky')).resolves.toEqual({ pong: true });
    for (let i = 0; i < 2; i++) await failure(ping(client, '/flaky'));
    await expect(ping(client, '/flaky')).resolves.toEqual({ pong: true });
    expect(await hits(api, '/flaky')).toBe(6);
  });

  it('no answer within the time limit counts, as a malformed answer does', async () => {
    await answer(api, '/slow', { body: pong, ms: 2000 });
    await answer(api, '/garbled', { body: '{"ret_code": 0, "result": [' });
    const { client } = clientWith({ failures: 2, openMs: 60_000 }, 50);
    for (let i = 0; i < 2; i++) await failure(ping(client, '/slow'));
    expect(isCircuitOpen(await failure(ping(client, '/slow')))).toBe(true);
    for (let i = 0; i < 2; i++) await failure(ping(client, '/garbled'));
    expect(isCircuitOpen(await failure(ping(client, '/garbled')))).toBe(true);
  });

  it('refusals of the request itself and the caller’s own abort do not count', async () => {
    await answer(api, '/refused', {
      body: { ret_code: 10001, ret_msg: 'bad params', result: null },
    });
    await answer(api, '/missing', { status: 404, body: 'no' });
    await answer(api, '/held', { body: pong, ms: 2000 });
    const { client, circuits } = clientWith({ failures: 2, openMs: 60_000 });
    for (let i = 0; i < 4; i++) {
      expect(await failure(ping(client, '/refused'))).toBeInstanceOf(ApiError);
      expect(await failure(ping(client, '/missing'))).toBeInstanceOf(
        HttpStatusError,
      );
      const controller = new AbortController();
      const call = ping(client, '/held', controller.signal);
      controller.abort();
      expect(await failure(call)).toBeInstanceOf(TransportError);
    }
    expect(circuits.open()).toEqual([]);
    expect(await hits(api, '/refused')).toBe(4);
  });

  it('after the open time one probe goes through: its success closes the circuit', async () => {
    await answer(api, '/recovering', { status: 503, body: 'busy', times: 2 });
    await answer(api, '/recovering', { body: pong });
    const { client, circuits } = clientWith({ failures: 2, openMs: 100 });
    for (let i = 0; i < 2; i++) await failure(ping(client, '/recovering'));
    expect(isCircuitOpen(await failure(ping(client, '/recovering')))).toBe(
      true,
    );
    await new Promise((r) => setTimeout(r, 150)); // the open time itself is under test
    await expect(ping(client, '/recovering')).resolves.toEqual({ pong: true });
    expect(circuits.open()).toEqual([]);
    await expect(ping(client, '/recovering')).resolves.toEqual({ pong: true });
    expect(await hits(api, '/recovering')).toBe(4);
  });

  it('while the probe is under way other calls are refused at once; a failed probe opens it again', async () => {
    await answer(api, '/down', { status: 503, body: 'busy', times: 2 });
    await answer(api, '/down', { status: 503, body: 'busy', ms: 1000 });
    const { client } = clientWith({ failures: 2, openMs: 100 });
    for (let i = 0; i < 2; i++) await failure(ping(client, '/down'));
    await new Promise((r) => setTimeout(r, 150)); // the open time itself is under test
    const probe = ping(client, '/down');
    const during = ping(client, '/down');
    // refused long before the probe's answer (1 s away)
    expect(await settlesWithin(during, 500)).toBe(true);
    expect(isCircuitOpen(await failure(during))).toBe(true);
    expect(await failure(probe)).toBeInstanceOf(HttpStatusError);
    expect(isCircuitOpen(await failure(ping(client, '/down')))).toBe(true);
    expect(await hits(api, '/down')).toBe(3);
  });

  it('a refusal is reported to the metrics observer as circuit-open', async () => {
    await answer(api, '/observed', { status: 500, body: 'x' });
    const seen: ApiCallObservation[] = [];
    setApiCallObserver((o) => seen.push(o));
    try {
      const { client } = clientWith({ failures: 1, openMs: 60_000 });
      await failure(ping(client, '/observed'));
      await failure(ping(client, '/observed'));
    } finally {
      setApiCallObserver(undefined);
    }
    expect(seen.map((o) => o.outcome)).toEqual(['5xx', 'circuit-open']);
  });

  it('forgets its least recently used endpoints past its bound, and reset closes every circuit', async () => {
    await answer(api, '/a', { status: 500, body: 'x' });
    await answer(api, '/b', { status: 500, body: 'x' });
    const { client, circuits } = clientWith({
      failures: 1,
      openMs: 60_000,
      maxEndpoints: 1,
    });
    await failure(ping(client, '/a'));
    await failure(ping(client, '/b'));
    expect(circuits.open()).toEqual([`GET ${api}/b`]);
    circuits.reset();
    expect(circuits.open()).toEqual([]);
    expect(await failure(ping(client, '/b'))).toBeInstanceOf(HttpStatusError);
  });
});
