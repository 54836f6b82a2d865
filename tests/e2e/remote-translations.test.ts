import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStack } from '../../scripts/lib/processes.ts';
import { resolveEnvironment } from '../../src/lib/config/index.ts';
import { translationBundleUrl } from '../../src/lib/i18n/remote-bundles.ts';
import { PERSON_UA } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';

/**
 * Remote translation bundles (spec §7) switched on by configuration, against a local
 * "translations CDN": its messages win over the compiled catalog on the server and in the
 * client widgets' catalog; a failing or broken bundle logs `Failed locale loading` and the
 * page keeps its compiled text.
 */
const LOG_IN = generateMessageId('Log in');
/** The file name a development host asks for (its environment is test: `test-` prefix). */
const file = (locale: string) => {
  const env = resolveEnvironment('127.0.0.1', {
    siteDomain: 'example-exchange.com',
  });
  return translationBundleUrl(
    env,
    { cdn: { translations: '/i18n' } },
    'web',
    locale,
  );
};
const BUNDLES: Record<string, { status: number; body: string }> = {
  [file('ja-JP')]: {
    status: 200,
    body: JSON.stringify({
      'home.title': 'リモート配信の見出し',
      [LOG_IN]: 'ログインする',
    }),
  },
  [file('de-DE')]: { status: 503, body: 'down' },
  [file('fr-FR')]: {
    status: 200,
    body: JSON.stringify({ 'home.title': 'Titre {cassé' }),
  },
};

let cdn: Server;
const requested: string[] = [];
let stack: Awaited<ReturnType<typeof startStack>>;
let base = '';
let serverLog = '';

beforeAll(async () => {
  cdn = createServer((req, res) => {
    requested.push(req.url ?? '');
    const bundle = BUNDLES[req.url ?? ''] ?? { status: 404, body: 'no' };
    res.writeHead(bundle.status, { 'content-type': 'application/json' });
    res.end(bundle.body);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const cdnPort = (cdn.address() as AddressInfo).port;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  stack = await startStack({
    port,
    siteOrigin: base,
    env: {
      I18N_REMOTE_BUNDLES: '1',
      I18N_REMOTE_BASE: `http://127.0.0.1:${cdnPort}/i18n`,
      I18N_REMOTE_NAMESPACES: 'web',
      // no guest cache between the pages asked for here
      GUEST_CACHE_TTL_MS: '1',
    },
  });
  stack.server.child.stderr?.on('data', (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
});

afterAll(async () => {
  await stack.stop();
  await new Promise((resolve) => cdn.close(resolve));
});

const page = async (path: string) => {
  const res = await fetch(`${base}${path}`, {
    headers: { 'user-agent': PERSON_UA },
  });
  expect(res.status).toBe(200);
  return res.text();
};

describe('remote translation bundles, enabled by configuration', () => {
  it('merges the fetched bundle over the compiled catalog, for the page and the widgets', async () => {
    const html = await page('/ja-JP');
    expect(html).toMatch(/<title>リモート配信の見出し/);
    // the guest "Log in" button is a client component: its catalog carries the remote text
    expect(html).toContain('ログインする');
    expect(requested).toContain('/i18n/web/test-ja-JP.json');
    // other locales keep their own messages
    expect(await page('/ko-KR')).not.toContain('リモート配信の見出し');
  });

  it('keeps the compiled messages and logs Failed locale loading when the CDN fails', async () => {
    const html = await page('/de-DE');
    expect(html).toContain('<html lang="de-DE"');
    await expect
      .poll(() => serverLog)
      .toMatch(/"msg":"Failed locale loading".*"namespace":"web".*HTTP 503/);
  });

  it('refuses a translation that is not valid ICU, keeping the compiled one', async () => {
    const html = await page('/fr-FR');
    expect(html).not.toContain('cassé');
    await expect
      .poll(() => serverLog)
      .toMatch(/"msg":"Failed locale loading","id":"home.title"/);
  });

  it('asks the CDN once per locale, not once per request', async () => {
    const before = requested.filter((u) => u.endsWith('-ja-JP.json')).length;
    await Promise.all([page('/ja-JP/launchpad'), page('/ja-JP')]);
    expect(requested.filter((u) => u.endsWith('-ja-JP.json')).length).toBe(
      before,
    );
  });
});
