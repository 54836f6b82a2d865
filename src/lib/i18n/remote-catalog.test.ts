import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import { resolveEnvironment } from '../config/index.ts';
import { createRemoteCatalog } from './remote-catalog.ts';

const env = resolveEnvironment('www.example-exchange.com', {
  siteDomain: 'example-exchange.com',
});
const testnet = resolveEnvironment('www.testnet.example-exchange.com', {
  siteDomain: 'example-exchange.com',
});

const compiled: Messages = {
  title: compileMessage('Trade crypto'),
  greet: compileMessage('Hello {name}'),
  login: compileMessage('Log in'),
};
const clientIds: Messages = { login: compiled.login ?? '' };

/** A fake CDN: url → body (or a status), counting requests. */
const cdn = (files: Record<string, unknown>) => {
  const seen: string[] = [];
  const fetch = (input: string | URL): Promise<Response> => {
    const url = input.toString();
    seen.push(url);
    const body = files[url];
    return Promise.resolve(
      body === undefined
        ? new Response('missing', { status: 404 })
        : new Response(JSON.stringify(body), { status: 200 }),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
};

const setup = (files: Record<string, unknown>, ttlMs = 1000) => {
  let clock = 0;
  const warnings: Record<string, unknown>[] = [];
  const fake = cdn(files);
  const catalog = createRemoteCatalog({
    config: {
      enabled: true,
      namespaces: ['web', 'extra'],
      baseUrl: '',
      ttlMs,
      timeoutMs: 500,
    },
    compiled: () => compiled,
    compiledClient: () => clientIds,
    warn: (msg, fields) => warnings.push({ msg, ...fields }),
    fetch: fake.fetch,
    now: () => clock,
  });
  return {
    catalog,
    warnings,
    seen: fake.seen,
    tick: (ms: number) => {
      clock += ms;
    },
  };
};

const PROD = 'https://static.example-exchange.com/i18n';

describe('createRemoteCatalog', () => {
  it('merges the namespaces over the compiled catalog, later namespace winning', async () => {
    const { catalog, warnings } = setup({
      [`${PROD}/web/ja-JP.json`]: { title: 'Web title', greet: 'やあ {name}' },
      [`${PROD}/extra/ja-JP.json`]: { title: '暗号資産を取引' },
    });
    expect(catalog.i18n(env, 'ja-JP')).toBeUndefined();
    await catalog.prepare(env, 'ja-JP');
    const i18n = catalog.i18n(env, 'ja-JP');
    expect(i18n?._('title')).toBe('暗号資産を取引');
    expect(i18n?._('greet', { name: 'Aki' })).toBe('やあ Aki');
    expect(i18n?._('login')).toBe('Log in');
    expect(warnings).toEqual([]);
  });

  it('gives the client only its own ids, remote text included', async () => {
    const { catalog } = setup({
      [`${PROD}/web/de-DE.json`]: { login: 'Anmelden', title: 'Krypto' },
    });
    await catalog.prepare(env, 'de-DE');
    const client = catalog.clientMessages(env, 'de-DE');
    expect(Object.keys(client ?? {})).toEqual(['login']);
    expect(client?.login).toEqual(['Anmelden']);
  });

  it('keeps the compiled messages and logs Failed locale loading when the CDN fails', async () => {
    const { catalog, warnings } = setup({
      [`${PROD}/web/fr-FR.json`]: ['not', 'a', 'record'],
    });
    await catalog.prepare(env, 'fr-FR');
    expect(catalog.i18n(env, 'fr-FR')?._('title')).toBe('Trade crypto');
    expect(warnings.map((w) => [w.msg, w.namespace, w.reason]).sort()).toEqual([
      ['Failed locale loading', 'extra', 'HTTP 404'],
      ['Failed locale loading', 'web', expect.stringMatching(/wrong shape/)],
    ]);
  });

  it('keeps environments apart (testnet reads its own prefixed files)', async () => {
    const { catalog, seen } = setup({
      [`${PROD}/web/ko-KR.json`]: { title: '프로덕션' },
      'https://static.example-exchange.com/common-static/i18n-upload/web/testnet-ko-KR.json':
        { title: '테스트넷' },
    });
    await catalog.prepare(env, 'ko-KR');
    await catalog.prepare(testnet, 'ko-KR');
    expect(catalog.i18n(env, 'ko-KR')?._('title')).toBe('프로덕션');
    expect(catalog.i18n(testnet, 'ko-KR')?._('title')).toBe('테스트넷');
    expect(seen).toHaveLength(4);
  });

  it('loads once for concurrent first requests, then refreshes in the background after the TTL', async () => {
    const files: Record<string, unknown> = {
      [`${PROD}/web/th-TH.json`]: { title: 'หนึ่ง' },
    };
    const { catalog, seen, tick } = setup(files);
    await Promise.all([
      catalog.prepare(env, 'th-TH'),
      catalog.prepare(env, 'th-TH'),
      catalog.prepare(env, 'th-TH'),
    ]);
    expect(seen).toHaveLength(2);
    tick(999);
    await catalog.prepare(env, 'th-TH');
    expect(seen).toHaveLength(2);
    files[`${PROD}/web/th-TH.json`] = { title: 'สอง' };
    tick(1);
    await catalog.prepare(env, 'th-TH');
    // the stale messages still serve while the refresh runs
    expect(catalog.i18n(env, 'th-TH')?._('title')).toBe('หนึ่ง');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(4);
    expect(catalog.i18n(env, 'th-TH')?._('title')).toBe('สอง');
  });
});
