import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getHostSet, resolveEnvironment } from '../config/index.ts';
import {
  loadRemoteMessages,
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
  it('uses the plain language file in production', () => {
    const env = envOf('www.example-exchange.com');
    expect(translationBundleUrl(env, getHostSet(env), 'common', 'en')).toBe(
      'https://static.example-exchange.com/i18n/common/en.json',
    );
  });
  it('keeps path segments safe', () => {
    const env = envOf('www.example-exchange.com');
    expect(translationBundleUrl(env, getHostSet(env), '../x', 'en/../y')).toBe(
      'https://static.example-exchange.com/i18n/..x/en..y.json',
    );
  });
});

describe('loadRemoteMessages against a local server', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok.json')
        return res.end(JSON.stringify({ a: 'Remote A', b: 'Remote B' }));
      if (req.url === '/ok2.json')
        return res.end(JSON.stringify({ b: 'Second B' }));
      if (req.url === '/bad.json') return res.end('{nope');
      if (req.url === '/shape.json') return res.end(JSON.stringify({ a: 1 }));
      if (req.url === '/slow.json')
        return void setTimeout(() => res.end('{}'), 2000);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('merges the bundles in order', async () => {
    const messages = await loadRemoteMessages({
      urls: [`${base}/ok.json`, `${base}/ok2.json`],
    });
    expect(messages).toEqual({ a: 'Remote A', b: 'Second B' });
    expect(
      mergeMessages({ a: 'Compiled A', c: 'Compiled C' }, messages),
    ).toEqual({ a: 'Remote A', b: 'Second B', c: 'Compiled C' });
  });

  it.each([
    ['404', '/missing.json'],
    ['malformed JSON', '/bad.json'],
    ['wrong shape', '/shape.json'],
    ['timeout', '/slow.json'],
  ])(
    'logs "Failed locale loading" and keeps what it has on %s',
    async (_, path) => {
      const warnings: string[] = [];
      const started = Date.now();
      const messages = await loadRemoteMessages({
        urls: [`${base}/ok.json`, `${base}${path}`],
        timeoutMs: 300,
        warn: (message) => warnings.push(message),
      });
      expect(messages).toEqual({ a: 'Remote A', b: 'Remote B' });
      expect(warnings).toEqual(['Failed locale loading']);
      expect(Date.now() - started).toBeLessThan(1500);
    },
  );
});
