import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';

import {
  answer,
  closedPort,
  failure,
  faultedRequests,
  hits,
  okBody,
  urlOf,
  withFaultSandbox,
} from '../../sandbox/testing.ts';
import { createRequestClient, type RequestClientOptions } from './client.ts';
import {
  ApiError,
  HttpStatusError,
  SchemaError,
  TransportError,
} from './envelope.ts';
import { UNKNOWN_ERROR_DETAIL, type ErrorNotice } from './notice.ts';

const tickerSchema = v.object({ symbol: v.string(), price: v.string() });
const pingSchema = v.object({ pong: v.boolean() });

// the sandbox API answers every call below through its faults
let api = '';
withFaultSandbox((url) => {
  api = url;
});

const setup = (options: Partial<RequestClientOptions> = {}) => {
  const notices: ErrorNotice[] = [];
  const client = createRequestClient({
    baseURL: api,
    lang: 'en',
    platform: 'pc',
    retry: { budgetMs: 5000, maxAttempts: 1 },
    onError: (notice) => notices.push(notice),
    ...options,
  });
  return { client, notices };
};

describe('createRequestClient: answers', () => {
  it('resolves with the validated result when ret_code is 0', async () => {
    await answer(api, '/ticker', {
      body: okBody({ symbol: 'BTCUSDT', price: '65000.5', extra: 1 }),
    });
    const { client, notices } = setup();
    const ticker = await client.get('/ticker', { schema: tickerSchema });
    expect(ticker).toEqual({ symbol: 'BTCUSDT', price: '65000.5' });
    expect(notices).toEqual([]);
  });

  it('sends query and JSON body on POST', async () => {
    await answer(api, '/order', { body: okBody({ pong: true }) });
    const { client } = setup();
    await client.post('/order', {
      schema: pingSchema,
      query: { a: 1 },
      body: { qty: '1.5' },
    });
    const [request] = await faultedRequests(api);
    expect(request?.method).toBe('POST');
    expect(request?.query.get('a')).toBe('1');
    expect(JSON.parse(request?.body ?? '')).toEqual({ qty: '1.5' });
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends the Lang and Platform headers and the extra headers', async () => {
    await answer(api, '/ping', { body: okBody({ pong: true }) });
    const { client } = setup({
      lang: 'ja-JP',
      platform: 'h5',
      headers: { Cookie: 'b_t_c_k=abc' },
    });
    await client.get('/ping', { schema: pingSchema });
    const headers = (await faultedRequests(api))[0]?.headers;
    expect(headers?.lang).toBe('ja-JP');
    expect(headers?.platform).toBe('h5');
    expect(headers?.cookie).toBe('b_t_c_k=abc');
  });

  it('sends credentials and defaults to the same origin', async () => {
    await answer(api, '/ping', { body: okBody({ pong: true }) });
    const inits: { url: string; init: RequestInit | undefined }[] = [];
    const client = createRequestClient({
      lang: 'en',
      platform: 'pc',
      fetch: (input, init) => {
        inits.push({ url: urlOf(input), init });
        return globalThis.fetch(new URL(urlOf(input), api), init);
      },
    });
    await client.get('/ping', { schema: pingSchema });
    expect(inits).toHaveLength(1);
    expect(inits[0]?.url).toBe('/ping');
    expect(inits[0]?.init?.credentials).toBe('include');
  });
});

describe('createRequestClient: ret_code ≠ 0', () => {
  const reject = (envelope: Record<string, unknown>) =>
    answer(api, '/fail', { body: { result: null, ...envelope } });

  it('rejects with ApiError carrying the envelope and shows a warning', async () => {
    await reject({ ret_code: 10001, ret_msg: 'Invalid symbol', message: 'm' });
    const { client, notices } = setup();
    const error = await failure(client.get('/fail', { schema: pingSchema }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'API_ERROR',
      retCode: 10001,
      envelope: {
        ret_code: 10001,
        ret_msg: 'Invalid symbol',
        message: 'm',
        result: null,
      },
    });
    expect(notices).toEqual([
      {
        type: 'warning',
        timeoutMs: 3000,
        title: '10001',
        detail: 'Invalid symbol',
      },
    ]);
  });

  it.each([
    ['the translation first', 'Übersetzt', 'msg', 'message', 'Übersetzt'],
    ['then ret_msg', undefined, 'msg', 'message', 'msg'],
    [
      'then message, an empty translation and ret_msg counting as absent',
      '',
      '',
      'message',
      'message',
    ],
    ['then the default text', undefined, '', '', UNKNOWN_ERROR_DETAIL],
  ])('detail takes %s', async (_name, translation, retMsg, message, detail) => {
    await reject({ ret_code: 33004, ret_msg: retMsg, message });
    const looked: string[] = [];
    const { client, notices } = setup({
      translate: (id) => {
        looked.push(id);
        return translation;
      },
    });
    await failure(client.get('/fail', { schema: pingSchema }));
    expect(looked).toEqual(['errorCode.33004']);
    expect(notices).toEqual([
      { type: 'warning', timeoutMs: 3000, title: '33004', detail },
    ]);
  });

  it('shows no notice with skipErrorToast: true, and still rejects', async () => {
    await reject({ ret_code: 10001, ret_msg: 'x' });
    const { client, notices } = setup();
    const error = await failure(
      client.get('/fail', { schema: pingSchema, skipErrorToast: true }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });

  it('shows no notice when the skip list contains the code', async () => {
    await reject({ ret_code: 10001, ret_msg: 'x' });
    const { client, notices } = setup();
    const skipErrorToast = { codes: [10001, 10002] };
    const error = await failure(
      client.get('/fail', { schema: pingSchema, skipErrorToast }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });

  it('still shows the notice when the skip list lacks the code', async () => {
    await reject({ ret_code: 10003, ret_msg: 'x' });
    const { client, notices } = setup();
    const skipErrorToast = { codes: [10001, 10002] };
    const error = await failure(
      client.get('/fail', { schema: pingSchema, skipErrorToast }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(notices).toEqual([
      { type: 'warning', timeoutMs: 3000, title: '10003', detail: 'x' },
    ]);
  });

  it('a throwing toast hook does not change the rejection', async () => {
    await reject({ ret_code: 10001, ret_msg: 'x' });
    const { client } = setup({
      onError: () => {
        throw new Error('toast broke');
      },
    });
    expect(
      await failure(client.get('/fail', { schema: pingSchema })),
    ).toBeInstanceOf(ApiError);
  });
});

describe('createRequestClient: transport and HTTP failures', () => {
  it.each([404, 500])(
    'HTTP %i rejects with HttpStatusError and an error notice',
    async (status) => {
      await answer(api, '/status', {
        status,
        body: { ret_code: 0, ret_msg: '', result: {} },
      });
      const { client, notices } = setup();
      const error = await failure(
        client.get('/status', { schema: pingSchema }),
      );
      expect(error).toBeInstanceOf(HttpStatusError);
      expect(error).toMatchObject({
        code: 'HTTP_STATUS_ERROR',
        status,
        endpoint: 'GET /status',
      });
      expect(notices).toEqual([
        {
          type: 'error',
          timeoutMs: 3000,
          title: String(status),
          detail: status === 404 ? 'Not Found' : 'Internal Server Error',
          statusClass: status === 404 ? 'bad-request' : 'bad-response',
        },
      ]);
    },
  );

  it('a refusal the site names (x-refused: cross-origin) is its own status class', async () => {
    await answer(api, '/refused', {
      status: 403,
      headers: { 'x-refused': 'cross-origin' },
      body: { ret_code: 0, ret_msg: '', result: {} },
    });
    const { client, notices } = setup();
    const error = await failure(
      client.post('/refused', { schema: pingSchema }),
    );
    expect(error).toMatchObject({ status: 403, refusal: 'cross-origin' });
    expect(notices).toMatchObject([{ statusClass: 'cross-origin' }]);
  });

  it('a refusal names the address the site takes requests from (x-site-origin), when an http(s) origin', async () => {
    for (const [index, [sent, named]] of (
      [
        ['http://localhost:3000', 'http://localhost:3000'],
        [
          'https://www.example-exchange.com',
          'https://www.example-exchange.com',
        ],
        ['javascript:alert(1)', undefined],
        ['http://localhost:3000/path', undefined],
        ['not a url', undefined],
      ] as const
    ).entries()) {
      await answer(api, `/refused-at-${index}`, {
        status: 403,
        headers: { 'x-refused': 'cross-origin', 'x-site-origin': sent },
        body: { ret_code: 0, ret_msg: '', result: {} },
      });
      const { client, notices } = setup();
      const error = await failure(
        client.post(`/refused-at-${index}`, { schema: pingSchema }),
      );
      expect(error).toMatchObject({ refusal: 'cross-origin' });
      expect((error as { siteOrigin?: string }).siteOrigin).toBe(named);
      expect(notices[0]?.siteOrigin).toBe(named);
    }
  });

  it('a status other than 200 is a rejection even when 2xx', async () => {
    await answer(api, '/created', {
      status: 201,
      body: { ret_code: 0, ret_msg: '', result: {} },
    });
    const { client } = setup();
    const error = await failure(
      client.get('/created', { schema: v.object({}) }),
    );
    expect(error).toMatchObject({ status: 201 });
  });

  it('gives up after 15000 ms by default (spec §7)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      let seen: AbortSignal | undefined;
      const { client } = setup({
        retry: { budgetMs: 60_000, maxAttempts: 1 },
        // an API that never answers: only the client's own timer can end the call
        fetch: (_input, init) =>
          new Promise<Response>((_resolve, reject) => {
            seen = init?.signal ?? undefined;
            seen?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      });
      const outcome = failure(client.get('/never', { schema: pingSchema }));
      await vi.advanceTimersByTimeAsync(14_999);
      expect(seen?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen?.aborted).toBe(true);
      expect(await outcome).toMatchObject({
        code: 'TRANSPORT_ERROR',
        kind: 'timeout',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('times out when the server answers later than timeoutMs', async () => {
    await answer(api, '/slow', { body: okBody({ pong: true }), ms: 3000 });
    const { client, notices } = setup({ timeoutMs: 200 });
    const started = performance.now();
    const error = await failure(client.get('/slow', { schema: pingSchema }));
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ code: 'TRANSPORT_ERROR', kind: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(200 + 300);
    expect(notices).toEqual([
      {
        type: 'error',
        timeoutMs: 3000,
        title: 'Error',
        detail: 'Timeout exceeded',
      },
    ]);
  });

  it('rejects with kind aborted when the caller aborts, without a notice', async () => {
    await answer(api, '/slow', { body: okBody({ pong: true }), ms: 3000 });
    const { client, notices } = setup();
    const controller = new AbortController();
    const started = performance.now();
    const pending = failure(
      client.get('/slow', { schema: pingSchema, signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(error).toMatchObject({ code: 'TRANSPORT_ERROR', kind: 'aborted' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(notices).toEqual([]);
  });

  it('rejects at once with kind aborted when the signal is already aborted', async () => {
    await answer(api, '/ping', { body: okBody({ pong: true }) });
    const { client } = setup();
    const error = await failure(
      client.get('/ping', { schema: pingSchema, signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(await hits(api, '/ping')).toBe(0);
  });

  it('rejects with kind network when the connection is refused', async () => {
    const { client, notices } = setup({
      baseURL: `http://127.0.0.1:${await closedPort()}`,
    });
    const error = await failure(client.get('/ping', { schema: pingSchema }));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'network', endpoint: 'GET /ping' });
    expect(notices).toEqual([
      {
        type: 'error',
        timeoutMs: 3000,
        title: 'Error',
        detail: 'Network error',
      },
    ]);
  });
});

describe('createRequestClient: malformed answers', () => {
  it.each([
    ['not JSON', '<html>502 Bad Gateway</html>', 'json', ''],
    ['an empty body', '', 'json', ''],
    ['missing ret_code', { ret_msg: 'OK', result: {} }, 'envelope', 'ret_code'],
    [
      'ret_code a string',
      { ret_code: '0', ret_msg: 'OK', result: {} },
      'envelope',
      'ret_code',
    ],
    ['JSON that is not an object', '42', 'envelope', ''],
  ])('%s → SchemaError', async (_name, body, part, path) => {
    await answer(api, '/bad', { body });
    const { client, notices } = setup();
    const error = await failure(client.get('/bad', { schema: pingSchema }));
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toMatchObject({
      code: 'SCHEMA_ERROR',
      part,
      path,
      endpoint: 'GET /bad',
    });
    expect((error as Error).message).toContain('GET /bad');
    expect(notices).toEqual([
      {
        type: 'error',
        timeoutMs: 3000,
        title: 'Error',
        detail: UNKNOWN_ERROR_DETAIL,
      },
    ]);
  });

  it('a malformed result → SchemaError naming the endpoint and the path, not the data', async () => {
    const schema = v.object({ items: v.array(tickerSchema) });
    await answer(api, '/tickers', {
      body: okBody({
        items: [
          { symbol: 'BTCUSDT', price: '1' },
          { symbol: 'ETHUSDT', price: 4242.4242 },
        ],
      }),
    });
    const { client } = setup();
    const error = await failure(client.get('/tickers', { schema }));
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toMatchObject({
      part: 'result',
      path: 'result.items.1.price',
    });
    const { message } = error as SchemaError;
    expect(message).toContain('GET /tickers');
    expect(message).toContain('result.items.1.price');
    expect(message).not.toContain('4242');
    expect(message).not.toContain('ETHUSDT');
  });
});
