import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSandbox, type Sandbox } from './server.ts';

type Envelope<T = unknown> = {
  ret_code: number;
  ret_msg: string;
  message: string;
  result: T;
};

let dir: string;
let sandbox: Sandbox;
const cookieName = 'b_t_c_k_test1';

/** A sandbox keeping its state in `folder`, with the test's cookie name, over plain HTTP. */
const startIn = (
  folder: string,
  options: Parameters<typeof startSandbox>[0] = {},
) =>
  startSandbox({
    port: 0,
    dataFile: path.join(folder, 'state.json'),
    tokenCookieName: cookieName,
    secureCookies: false,
    ...options,
  });

const call = async <T = unknown>(
  p: string,
  init: RequestInit & { cookie?: string } = {},
) => {
  const res = await fetch(`${sandbox.url}${p}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: JSON.parse(text) as Envelope<T>,
  };
};
const post = <T = unknown>(p: string, body: unknown, cookie?: string) =>
  call<T>(p, {
    method: 'POST',
    body: JSON.stringify(body),
    ...(cookie ? { cookie } : {}),
  });

const login = async (
  email = 'demo@example-exchange.com',
  password = 'Demo12345',
) => {
  const res = await post('/api/v1/user/login', { email, password });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, cookie: setCookie.split(';')[0] ?? '', setCookie };
};

type Balances = {
  items: { account: string; coins: { coin: string; available: string }[] }[];
};
const balance = (b: Balances, account: string, coin: string) =>
  b.items.find((i) => i.account === account)?.coins.find((c) => c.coin === coin)
    ?.available ?? '';
const units = (s: string) => BigInt(s.replace('.', ''));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  sandbox = await startIn(dir, { controls: true });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('public data', () => {
  it.each([
    '/api/v1/market/tickers',
    '/api/v1/launchpad/projects',
    '/api/v1/savings/products',
    '/api/v1/fee-discount/tiers',
    '/api/v1/competitions/ZCCCompetition2025',
    '/api/v1/announcements/contract-details',
    '/api/v1/announcements/margin-parameters',
    '/api/v1/careers/positions',
    '/api/v1/tax-api/docs',
    '/api/v1/campaigns',
    '/api/v1/lucky-draws',
  ])('%s answers an ok envelope', async (p) => {
    const { status, body } = await call(p);
    expect(status).toBe(200);
    expect(body.ret_code).toBe(0);
    expect(body.result).toBeTruthy();
  });

  it('launchpad detail: 404-like code for unknown, gone code for delisted', async () => {
    expect(
      (await call('/api/v1/launchpad/projects/aurora-chain')).body.ret_code,
    ).toBe(0);
    expect((await call('/api/v1/launchpad/projects/nope')).body.ret_code).toBe(
      30001,
    );
    expect(
      (await call('/api/v1/launchpad/projects/mirage-fi')).body.ret_code,
    ).toBe(30002);
  });

  it('official verification', async () => {
    const yes = await call<{ official: boolean }>(
      '/api/v1/official-verify?kind=email&value=Support@example-exchange.com',
    );
    expect(yes.body.result.official).toBe(true);
    const no = await call<{ official: boolean }>(
      '/api/v1/official-verify?kind=url&value=https://examp1e-exchange.com/login',
    );
    expect(no.body.result.official).toBe(false);
    expect(
      (await call('/api/v1/official-verify?kind=fax&value=1')).body.ret_code,
    ).toBe(80001);
  });

  it('redirect rules and build info', async () => {
    expect(
      (
        await call<{ rule: { to: string } }>(
          '/api/v1/redirect-rules?path=/en/old-launchpad',
        )
      ).body.result.rule.to,
    ).toBe('/en/launchpad');
    expect(
      (await call<{ rule: null }>('/api/v1/redirect-rules?path=/en')).body
        .result.rule,
    ).toBeNull();
    const latest = (await (
      await fetch(`${sandbox.url}/latest.json?t=1`)
    ).json()) as { id: string };
    expect(latest.id).toBeTruthy();
    expect(
      (await fetch(`${sandbox.url}/builds/meta/${latest.id}.json`)).status,
    ).toBe(200);
    expect((await fetch(`${sandbox.url}/builds/meta/other.json`)).status).toBe(
      404,
    );
  });
});

describe('users and money', () => {
  it('login sets an HttpOnly SameSite=Lax token cookie; a wrong password and an unknown account get the same answer', async () => {
    const wrong = await post('/api/v1/user/login', {
      email: 'demo@example-exchange.com',
      password: 'wrong1234',
    });
    const unknown = await post('/api/v1/user/login', {
      email: 'nobody@example.org',
      password: 'x1234567',
    });
    expect(wrong.body.ret_code).toBe(10002);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const { res, setCookie } = await login();
    expect(res.body.ret_code).toBe(0);
    expect(setCookie).toMatch(new RegExp(`^${cookieName}=`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('user info needs a session', async () => {
    expect((await call('/api/v1/user/info')).body.ret_code).toBe(10008);
    const { cookie } = await login();
    expect(
      (await call<{ uid: string }>('/api/v1/user/info', { cookie })).body.result
        .uid,
    ).toBe('20261101');
  });

  it('register validates and refuses duplicates', async () => {
    expect(
      (await post('/api/v1/user/register', { email: 'bad', password: 'x' }))
        .body.ret_code,
    ).toBe(10006);
    expect(
      (
        await post('/api/v1/user/register', {
          email: 'new@example.org',
          password: 'short',
        })
      ).body.ret_code,
    ).toBe(10005);
    expect(
      (
        await post('/api/v1/user/register', {
          email: 'new@example.org',
          password: 'Longer123',
        })
      ).body.ret_code,
    ).toBe(0);
    expect(
      (
        await post('/api/v1/user/register', {
          email: 'new@example.org',
          password: 'Longer123',
        })
      ).body.ret_code,
    ).toBe(10004);
  });

  it("launchpad: a trader's own commitment and estimated allocation, for a session only", async () => {
    const guest = await call('/api/v1/launchpad/projects/aurora-chain/mine');
    expect(guest.body.ret_code).toBe(10008);
    const { cookie } = await login();
    type Mine = {
      committed: string;
      subscriptions: number;
      estimatedTokens: string;
    };
    const before = await call<Mine>(
      '/api/v1/launchpad/projects/aurora-chain/mine',
      { cookie },
    );
    expect(before.body.ret_code).toBe(0);
    const already = units(before.body.result.committed);
    const sub = await post(
      '/api/v1/launchpad/projects/aurora-chain/subscribe',
      { amount: '90' },
      cookie,
    );
    expect(sub.body.ret_code).toBe(0);
    const after = await call<Mine>(
      '/api/v1/launchpad/projects/aurora-chain/mine',
      { cookie },
    );
    expect(units(after.body.result.committed) - already).toBe(
      units('90.00000000'),
    );
    expect(after.body.result.subscriptions).toBe(
      before.body.result.subscriptions + 1,
    );
    // not oversubscribed (64 %): every USDT buys tokens at the sale price of 0.045
    const committed = units(after.body.result.committed); // 10⁻⁸ USDT
    expect(units(after.body.result.estimatedTokens)).toBe(
      (committed * 1000n) / 45n,
    );
    const missing = await call('/api/v1/launchpad/projects/nope/mine', {
      cookie,
    });
    expect(missing.body.ret_code).toBe(30001);
  });

  it('transfers are validated, each failure its own code', async () => {
    const { cookie } = await login();
    // 1 USDT from spot to funding, with one part changed
    const code = async (change: object) =>
      (
        await post(
          '/api/v1/account/transfer',
          {
            from: 'ACCOUNT_TYPE_SPOT',
            to: 'ACCOUNT_TYPE_FUND',
            coin: 'USDT',
            amount: '1',
            ...change,
          },
          cookie,
        )
      ).body.ret_code;
    expect(await code({ to: 'ACCOUNT_TYPE_SPOT' })).toBe(20001);
    expect(await code({ from: 'X', to: 'ACCOUNT_TYPE_SPOT' })).toBe(20002);
    expect(await code({ coin: 'DOGE' })).toBe(20003);
    expect(await code({ amount: '-1' })).toBe(20004);
    expect(await code({ amount: '0.123456789' })).toBe(20004);
    expect(await code({ amount: '99999999' })).toBe(20005);
  });

  it('20 concurrent transfers keep the ledger balanced and never go negative', async () => {
    const { cookie } = await login();
    const before = (
      await call<Balances>('/api/v1/account/balances', { cookie })
    ).body.result;
    const total = (b: Balances) =>
      units(balance(b, 'ACCOUNT_TYPE_SPOT', 'USDT')) +
      units(balance(b, 'ACCOUNT_TYPE_FUND', 'USDT'));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/v1/account/transfer',
          {
            from: i % 2 ? 'ACCOUNT_TYPE_SPOT' : 'ACCOUNT_TYPE_FUND',
            to: i % 2 ? 'ACCOUNT_TYPE_FUND' : 'ACCOUNT_TYPE_SPOT',
            coin: 'USDT',
            amount: '333.33333333',
          },
          cookie,
        ),
      ),
    );
    expect(
      results.every((r) => r.body.ret_code === 0 || r.body.ret_code === 20005),
    ).toBe(true);
    const after = (await call<Balances>('/api/v1/account/balances', { cookie }))
      .body.result;
    expect(total(after)).toBe(total(before));
    for (const item of after.items)
      for (const c of item.coins)
        expect(c.available.startsWith('-')).toBe(false);
  });

  it('state survives a restart (written atomically to the data file)', async () => {
    const { cookie } = await login();
    await post(
      '/api/v1/account/transfer',
      {
        from: 'ACCOUNT_TYPE_SPOT',
        to: 'ACCOUNT_TYPE_CONTRACT',
        coin: 'BTC',
        amount: '0.00000001',
      },
      cookie,
    );
    const expected = balance(
      (await call<Balances>('/api/v1/account/balances', { cookie })).body
        .result,
      'ACCOUNT_TYPE_CONTRACT',
      'BTC',
    );
    await sandbox.close();
    sandbox = await startIn(dir, { controls: true });
    const again = (await call<Balances>('/api/v1/account/balances', { cookie }))
      .body.result;
    expect(balance(again, 'ACCOUNT_TYPE_CONTRACT', 'BTC')).toBe(expected);
  });

  it('red envelopes: receive once, then already received; expired has its code', async () => {
    const { cookie } = await login();
    expect(
      (await post('/api/v1/red-envelopes/LUCKY88/receive', {})).body.ret_code,
    ).toBe(10008);
    expect(
      (await post('/api/v1/red-envelopes/LUCKY88/receive', {}, cookie)).body
        .ret_code,
    ).toBe(0);
    expect(
      (await post('/api/v1/red-envelopes/LUCKY88/receive', {}, cookie)).body
        .ret_code,
    ).toBe(50003);
    expect(
      (await post('/api/v1/red-envelopes/EXPIRED2025/receive', {}, cookie)).body
        .ret_code,
    ).toBe(50002);
  });
});

describe('competition entry', () => {
  it('a guest is asked to log in; a trader joins once and the entry says so', async () => {
    const path = '/api/v1/competitions/ZCCCompetition2025';
    expect((await post(`${path}/join`, {})).body.ret_code).toBe(10008);
    expect((await call(`${path}/entry`)).body.ret_code).toBe(10008);
    const { cookie } = await login();
    type Entry = { joined: boolean; joinedAt: string | null };
    const before = await call<Entry>(`${path}/entry`, { cookie });
    expect(before.body.result).toEqual({ joined: false, joinedAt: null });
    const joined = await post<Entry>(`${path}/join`, {}, cookie);
    expect(joined.body.ret_code).toBe(0);
    expect(joined.body.result.joined).toBe(true);
    const again = await post<Entry>(`${path}/join`, {}, cookie);
    expect(again.body.result.joinedAt).toBe(joined.body.result.joinedAt);
    const after = await call<Entry>(`${path}/entry`, { cookie });
    expect(after.body.result).toEqual(joined.body.result);
    expect(
      (await post('/api/v1/competitions/Nope/join', {}, cookie)).body.ret_code,
    ).toBe(99001);
  });
});

describe('bad input and faults', () => {
  it('answers malformed JSON, huge bodies, unknown paths and methods with envelopes', async () => {
    const bad = await fetch(`${sandbox.url}/api/v1/user/login`, {
      method: 'POST',
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Envelope).ret_code).toBe(99003);
    const big = await fetch(`${sandbox.url}/api/v1/user/login`, {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024),
    }).catch(() => undefined);
    if (big) expect(big.status).toBe(413);
    expect((await call('/api/v1/nope')).status).toBe(404);
    expect(
      (await call('/api/v1/market/tickers', { method: 'DELETE' })).status,
    ).toBe(405);
    expect((await fetch(`${sandbox.url}/api/v1/%E0%A4%A`)).status).toBe(400);
    expect((await call('/api/v1/market/tickers')).body.ret_code).toBe(0);
  });

  it('injects faults on request and clears them', async () => {
    await post('/__sandbox/faults', {
      pathPrefix: '/api/v1/market',
      kind: 'status',
      status: 503,
      times: 1,
    });
    expect((await fetch(`${sandbox.url}/api/v1/market/tickers`)).status).toBe(
      503,
    );
    expect((await fetch(`${sandbox.url}/api/v1/market/tickers`)).status).toBe(
      200,
    );
    await post('/__sandbox/faults', {
      pathPrefix: '/api/v1/market',
      kind: 'malformed',
    });
    expect(
      await (await fetch(`${sandbox.url}/api/v1/market/tickers`)).text(),
    ).toContain('unclosed');
    await call('/__sandbox/faults', { method: 'DELETE' });
    expect((await call('/api/v1/market/tickers')).body.ret_code).toBe(0);
  });

  it('moves a corrupt data file aside and starts from the seed', async () => {
    const file = path.join(dir, 'corrupt.json');
    writeFileSync(file, '{ not json');
    const other = await startSandbox({
      port: 0,
      dataFile: file,
      controls: false,
    });
    expect((await fetch(`${other.url}/api/v1/market/tickers`)).status).toBe(
      200,
    );
    await other.close();
    expect(
      readdirSync(dir).some((f) => f.startsWith('corrupt.json.corrupt-')),
    ).toBe(true);
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('sessions', () => {
  let own: Sandbox;
  let ownDir: string;
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const file = () => path.join(ownDir, 'state.json');
  const start = () =>
    startIn(ownDir, {
      controls: true,
      now: () => clock,
      sessionLimits: { perUser: 3, total: 5 },
    });
  const ownLogin = async (email = 'demo@example-exchange.com') => {
    const res = await fetch(`${own.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo12345' }),
    });
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const loggedIn = async (cookie: string) => {
    const res = await fetch(`${own.url}/api/v1/user/info`, {
      headers: { cookie },
    });
    return ((await res.json()) as Envelope).ret_code === 0;
  };

  beforeAll(async () => {
    ownDir = mkdtempSync(path.join(tmpdir(), 'sandbox-sessions-'));
    own = await start();
  });
  afterAll(async () => {
    await own.close();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('a session ends server-side at the cookie Max-Age and is pruned on the next login', async () => {
    const cookie = await ownLogin();
    expect(await loggedIn(cookie)).toBe(true);
    clock += 7 * 24 * 3600 * 1000 - 1;
    expect(await loggedIn(cookie)).toBe(true);
    clock += 1;
    expect(await loggedIn(cookie)).toBe(false);
    await ownLogin();
    expect(Object.keys(own.store.state.sessions)).toHaveLength(1);
  });

  it('sessions are bounded per user (oldest ends first) and in total', async () => {
    clock += 8 * 24 * 3600 * 1000;
    const cookies: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      cookies.push(await ownLogin());
    }
    const alive = await Promise.all(cookies.map(loggedIn));
    expect(alive).toEqual([false, false, true, true, true]);
    for (let i = 0; i < 4; i++) {
      clock += 1000;
      const email = `bound${i}@example.org`;
      await fetch(`${own.url}/api/v1/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Abcdefg123' }),
      });
    }
    expect(Object.keys(own.store.state.sessions)).toHaveLength(5);
    // the total bound ended the demo account's oldest two of three
    expect(await Promise.all(cookies.map(loggedIn))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('stores only a hash of each token, and the data file stays bounded whatever the logins', async () => {
    const cookie = await ownLogin();
    const token = cookie.split('=')[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const text = readFileSync(file(), 'utf8');
    expect(text).not.toContain(token);
    for (const key of Object.keys(own.store.state.sessions))
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < 20; i++) await ownLogin();
    const after20 = statSync(file()).size;
    for (let i = 0; i < 200; i++) await ownLogin();
    expect(statSync(file()).size).toBeLessThanOrEqual(after20);
  });

  it('removes temporary files a crashed writer left beside the data file at start-up', async () => {
    await own.close();
    writeFileSync(`${file()}.999999.tmp`, '{"partial":');
    writeFileSync(path.join(ownDir, 'unrelated.tmp'), 'keep');
    own = await start();
    expect(readdirSync(ownDir).sort()).toEqual(['state.json', 'unrelated.tmp']);
  });
});

describe('login throttling', () => {
  let own: Sandbox;
  let ownDir: string;
  const waits: number[] = [];
  const attempt = async (email: string, password: string) => {
    const res = await fetch(`${own.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return ((await res.json()) as Envelope).ret_code;
  };

  beforeAll(async () => {
    ownDir = mkdtempSync(path.join(tmpdir(), 'sandbox-throttle-'));
    own = await startIn(ownDir, {
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
  });
  afterAll(async () => {
    await own.close();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it("a stranger's 30 wrong passwords slow further attempts but never lock the owner out", async () => {
    for (let i = 0; i < 30; i++)
      expect(await attempt('demo@example-exchange.com', `wrong${i}x1`)).toBe(
        10002,
      );
    // five free failures, then 250 ms doubling up to 4 s
    expect(waits).toEqual([
      250,
      500,
      1000,
      2000,
      ...Array<number>(21).fill(4000),
    ]);
    expect(await attempt('demo@example-exchange.com', 'Demo12345')).toBe(0);
    // the success clears the record: the next wrong password waits nothing
    const before = waits.length;
    expect(await attempt('demo@example-exchange.com', 'wrong')).toBe(10002);
    expect(waits.length).toBe(before);
  });
});
