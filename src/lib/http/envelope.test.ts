import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import {
  ApiError,
  decodeJson,
  parseEnvelope,
  SchemaError,
  unlessMissing,
} from './envelope.ts';
import { statusClassOf } from './notice.ts';

const schema = v.object({ amount: v.string() });

describe('parseEnvelope', () => {
  it('returns the checked result when ret_code is 0, with message and result optional', () => {
    expect(
      parseEnvelope(
        { ret_code: 0, ret_msg: 'OK', result: { amount: '1.5' } },
        schema,
        'GET /a',
      ),
    ).toEqual({
      amount: '1.5',
    });
    expect(
      parseEnvelope({ ret_code: 0, ret_msg: '' }, v.undefined(), 'GET /a'),
    ).toBeUndefined();
    expect(
      parseEnvelope(
        { ret_code: 0, ret_msg: '', message: '', result: null },
        v.null(),
        'GET /a',
      ),
    ).toBeNull();
  });

  it('throws ApiError with the envelope when ret_code is not 0', () => {
    const envelope = {
      ret_code: 10001,
      ret_msg: 'Bad',
      message: '',
      result: null,
    };
    expect(() => parseEnvelope(envelope, schema, 'GET /a')).toThrow(ApiError);
    try {
      parseEnvelope(envelope, schema, 'GET /a');
    } catch (error) {
      expect(error).toMatchObject({
        code: 'API_ERROR',
        retCode: 10001,
        envelope,
        message: 'Bad',
      });
    }
  });

  it('throws SchemaError naming the endpoint and path, without the payload', () => {
    const secret = 'user@example.com';
    const run = (json: unknown) => () => parseEnvelope(json, schema, 'GET /a');
    expect(
      run({ ret_code: 0, ret_msg: secret, result: { amount: 5 } }),
    ).toThrow(
      /^Malformed result from GET \/a: at result\.amount \(expected string\)$/,
    );
    expect(run({ ret_code: 0, ret_msg: 5, result: secret })).toThrow(
      /^Malformed envelope from GET \/a: at ret_msg \(expected string\)$/,
    );
    expect(run(secret)).toThrow(SchemaError);
    expect(run(secret)).not.toThrow(secret);
  });
});

describe('decodeJson', () => {
  it('decodes JSON and rejects anything else as SchemaError', () => {
    expect(decodeJson('{"a":1}', 'GET /a')).toEqual({ a: 1 });
    expect(() => decodeJson('<html>', 'GET /a')).toThrow(
      /^Malformed envelope from GET \/a: body is not JSON$/,
    );
    expect(() => decodeJson(undefined, 'GET /a')).toThrow(SchemaError);
  });
});

describe('status classes (spec §8: bad request or response by status class)', () => {
  it.each([
    [400, 'bad-request'],
    [404, 'bad-request'],
    [429, 'bad-request'],
    [499, 'bad-request'],
    [500, 'bad-response'],
    [503, 'bad-response'],
    [201, 'bad-response'],
    [302, 'bad-response'],
  ] as const)('%i is a %s', (status, statusClass) => {
    expect(statusClassOf(status)).toBe(statusClass);
  });

  it('a refusal the site named is its own class, whatever the status', () => {
    expect(statusClassOf(403, 'cross-origin')).toBe('cross-origin');
  });
});

describe('unlessMissing (a read by key)', () => {
  const refusal = (code: number) =>
    new ApiError({ ret_code: code, ret_msg: 'refused' }, '/api/v1/x');

  it('answers the read when it succeeds', async () => {
    await expect(unlessMissing(Promise.resolve('found'), 50001)).resolves.toBe(
      'found',
    );
  });

  it('answers undefined for the "no such key" ret_code, one or several', async () => {
    await expect(
      unlessMissing(Promise.reject(refusal(50001)), 50001),
    ).resolves.toBeUndefined();
    await expect(
      unlessMissing(Promise.reject(refusal(80002)), [80001, 80002]),
    ).resolves.toBeUndefined();
  });

  it('rethrows any other failure', async () => {
    await expect(
      unlessMissing(Promise.reject(refusal(10008)), 50001),
    ).rejects.toBeInstanceOf(ApiError);
    const network = new TypeError('fetch failed');
    await expect(unlessMissing(Promise.reject(network), [50001])).rejects.toBe(
      network,
    );
  });
});
