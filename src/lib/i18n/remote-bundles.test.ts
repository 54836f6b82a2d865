import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';

import { getHostSet, resolveEnvironment } from '../config/index.ts';
import {
  FAILED_LOCALE_LOADING,
  loadRemoteMessages,
  MAX_BUNDLE_CHARS,
  mergeMessages,
  translationBundleUrl,
} from './remote-bundles.ts';

const envOf = (host: string) =>
  resolveEnvironment(host, { siteDomain: 'example-exchange.com' });

describe('translationBundleUrl (spec §7)', () => {
  it('uses the low-cache release path with test- in test', () => {
    const env = envOf('www.test1.example-exchange.com');
    expect(translationBundleUrl(env, getHostSet(env), 'common', 'ja-JP')).toBe(
      'https://static.example-exchange.com/low-cache/release/common/test-ja-JP.json',
    );
  });
  it('uses the common-static i18n-upload path with testnet- on testnet', () => {
    const env = envOf('www.testnet.example-exchange.com');
    expect(translationBundleUrl(env, getHostSet(env), 'common', 'de-DE')).toBe(
      'https://static.example-exchange.com/common-static/i18n-upload/common/testnet-de-DE.json',
    );
  });
  it('uses the plain language file in production and pre-production', () => {
    const env = envOf('www.example-exchange.com');
    expect(translationBundleUrl(env, getHostSet(env), 'common', 'en')).toBe(
      'https://static.example-exchange.com/i18n/common/en.json',
    );
    const preprod = envOf('www.example-exchange.co');
    expect(
      translationBundleUrl(preprod, getHostSet(preprod), 'launchpad', 'zh-TW'),
    ).toBe('https://static.example-exchange.co/i18n/launchpad/zh-TW.json');
  });
  it('keeps path segments inside the translations folder', () => {
    const env = envOf('www.example-exchange.com');
    expect(
      translationBundleUrl(env, getHostSet(env), '../x', 'en/../y?z#'),
    ).toBe('https://static.example-exchange.com/i18n/x/en..yz.json');
  });
});

describe('loadRemoteMessages against a local server', () => {
  let server: Server;
  let origin = '';
  const requests: string[] = [];
  /** Hosts whose translations CDN is the local server, as getHostSet would give them. */
  const hosts = () => ({ cdn: { translations: origin } });
  const prod = { env: 'prod' } as const;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const send = (body: string) => {
        res.setHeader('content-type', 'application/json');
        res.end(body);
      };
      switch (req.url) {
        case '/common/ja-JP.json':
          return send(JSON.stringify({ a: 'Remote A', b: 'Remote B' }));
        case '/launchpad/ja-JP.json':
          return send(JSON.stringify({ b: 'Launchpad B', c: 'Hello {name}' }));
        case '/common/test-ja-JP.json':
          return send(JSON.stringify({ a: 'Test A' }));
        case '/malformed/ja-JP.json':
          return send('{"a": "unterminated');
        case '/shape/ja-JP.json':
          return send(JSON.stringify({ a: 1, b: ['x'] }));
        case '/array/ja-JP.json':
          return send(JSON.stringify(['a', 'b']));
        case '/huge/ja-JP.json':
          return send(JSON.stringify({ a: 'x'.repeat(MAX_BUNDLE_CHARS) }));
        case '/slow/ja-JP.json':
          return void setTimeout(() => send('{}'), 3000);
        case '/stall/ja-JP.json':
          res.setHeader('content-type', 'application/json');
          res.write('{"a": "');
          return; // headers and part of the body, then nothing
        default:
          res.statusCode = 404;
          return res.end('not found');
      }
    });
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterEach(() => {
    warn.mockClear();
    requests.length = 0;
  });
  afterAll(() => {
    warn.mockRestore();
  });

  it('fetches every namespace and merges them in order', async () => {
    const messages = await loadRemoteMessages({
      env: prod,
      hosts: hosts(),
      namespaces: ['common', 'launchpad'],
      language: 'ja-JP',
    });
    expect(messages).toEqual({
      a: 'Remote A',
      b: 'Launchpad B',
      c: 'Hello {name}',
    });
    expect(requests.sort()).toEqual([
      '/common/ja-JP.json',
      '/launchpad/ja-JP.json',
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the environment prefix', async () => {
    const messages = await loadRemoteMessages({
      env: { env: 'test' },
      hosts: hosts(),
      namespaces: ['common'],
      language: 'ja-JP',
    });
    expect(messages).toEqual({ a: 'Test A' });
  });

  it.each([
    ['404', 'missing', 'HTTP 404'],
    ['malformed JSON', 'malformed', 'malformed JSON'],
    ['wrong shape', 'shape', 'wrong shape: a: '],
    ['an array', 'array', 'wrong shape'],
    ['an oversized bundle', 'huge', 'bundle larger than'],
    ['a slow answer (timeout)', 'slow', 'timeout'],
    ['a stalled body (timeout)', 'stall', 'timeout'],
  ])(
    'on %s logs "Failed locale loading" with the namespace and keeps the rest',
    async (_, namespace, reason) => {
      const started = Date.now();
      const messages = await loadRemoteMessages({
        env: prod,
        hosts: hosts(),
        namespaces: ['common', namespace],
        language: 'ja-JP',
        timeoutMs: 300,
      });
      expect(messages).toEqual({ a: 'Remote A', b: 'Remote B' });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(warn).toHaveBeenCalledTimes(1);
      const [message, detail] = warn.mock.calls[0] as [
        string,
        Record<string, string>,
      ];
      expect(message).toBe(FAILED_LOCALE_LOADING);
      expect(message).toBe('Failed locale loading');
      expect(detail.namespace).toBe(namespace);
      expect(detail.reason).toContain(reason);
    },
  );

  it('logs a refused connection and returns nothing rather than throwing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) =>
      closed.listen(0, '127.0.0.1', resolve),
    );
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const messages = await loadRemoteMessages({
      env: prod,
      hosts: { cdn: { translations: `http://127.0.0.1:${port}` } },
      namespaces: ['common'],
      language: 'en',
      timeoutMs: 500,
    });
    expect(messages).toEqual({});
    expect(warn).toHaveBeenCalledWith(
      'Failed locale loading',
      expect.objectContaining({ namespace: 'common' }),
    );
  });
});

describe('mergeMessages', () => {
  const compiled = {
    a: compileMessage('Compiled A'),
    c: compileMessage('Compiled C {n}'),
  } as Messages;

  it('puts remote messages over the compiled ones, compiled so placeholders work', () => {
    const merged = mergeMessages(compiled, {
      a: 'Remote A for {name}',
      b: '{n, plural, one {# day} other {# days}}',
    });
    const i18n = setupI18n({ locale: 'en', messages: { en: merged } });
    expect(i18n._('a', { name: 'Ada' })).toBe('Remote A for Ada');
    expect(i18n._('b', { n: 2 })).toBe('2 days');
    expect(i18n._('c', { n: 1 })).toBe('Compiled C 1');
    expect(compiled.a).toEqual(['Compiled A']); // the compiled catalog is not changed
  });

  it('keeps the compiled message when a remote one is not valid ICU', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const merged = mergeMessages(compiled, { a: 'Broken {name' });
      expect(merged.a).toEqual(['Compiled A']);
      expect(warn).toHaveBeenCalledWith(
        'Failed locale loading',
        expect.objectContaining({ id: 'a' }),
      );
    } finally {
      warn.mockRestore();
    }
  });
});
