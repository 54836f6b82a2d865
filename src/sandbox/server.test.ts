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
import type { Mail } from './signup.ts';
import { journalFileOf } from './store.ts';

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

const register = (email: string, password: string) =>
  post('/api/v1/user/register', { email, password });

/** The confirmation link the sandbox "mailed" to `email` last (the test controls' outbox). */
const mailedLink = async (url: string, email: string) => {
  const res = await fetch(
    `${url}/__sandbox/mail?to=${encodeURIComponent(email)}`,
  );
  const { items } = ((await res.json()) as Envelope<{ items: Mail[] }>).result;
  return items.at(-1)?.link ?? null;
};

/** Registers `email` on the sandbox at `url` and follows its confirmation link: the session cookie. */
const signUp = async (url: string, email: string, password = 'Abcdefg123') => {
  const res = await fetch(`${url}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(((await res.json()) as Envelope).ret_code).toBe(0);
  const link = await mailedLink(url, email);
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const confirmed = await fetch(`${url}${link}`);
  expect(((await confirmed.json()) as Envelope).ret_code).toBe(0);
  return (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
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
    const { res: wrong } = await login(
      'demo@example-exchange.com',
      'wrong1234',
    );
    const { res: unknown } = await login('nobody@example.org', 'x1234567');
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

  it('register validates, then answers the same whether or not the account exists; the account exists once its mailed link is followed', async () => {
    expect((await register('bad', 'x')).body.ret_code).toBe(10006);
    expect((await register('new@example.org', 'short')).body.ret_code).toBe(
      10005,
    );
    const fresh = await register('new@example.org', 'Longer123');
    const taken = await register('Demo@Example-Exchange.com', 'Longer123');
    // the same status, envelope and headers (no session either way): nothing tells them apart
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual({
      ...fresh.body,
      result: { email: 'demo@example-exchange.com', confirmation: 'sent' },
    });
    expect(fresh.body).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      message: '',
      result: { email: 'new@example.org', confirmation: 'sent' },
    });
    const headers = (res: typeof fresh) =>
      [...res.headers].filter(
        ([name]) => !/^(date|content-length)$/.test(name),
      );
    expect(headers(taken)).toEqual(headers(fresh));
    expect(fresh.headers.get('set-cookie')).toBeNull();
    // the owner of the taken address is told someone tried; the demo password is unchanged
    expect(
      await mailedLink(sandbox.url, 'demo@example-exchange.com'),
    ).toBeNull();
    expect((await login()).res.body.ret_code).toBe(0);
    // before its link is followed the new account does not exist (the unknown-account answer)
    expect(
      (await login('new@example.org', 'Longer123')).res.body.ret_code,
    ).toBe(10002);
    const link = await mailedLink(sandbox.url, 'new@example.org');
    expect(link).toMatch(/^\/api\/v1\/user\/confirm\?token=[\w-]{32}$/);
    const confirmed = await call<{ email: string }>(link ?? '');
    expect(confirmed.body.result.email).toBe('new@example.org');
    const cookie =
      (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${cookieName}=.+`));
    expect(
      (await call<{ uid: string }>('/api/v1/user/info', { cookie })).body
        .ret_code,
    ).toBe(0);
    // a link works once; a made-up one never
    expect((await call(link ?? '')).body.ret_code).toBe(10010);
    expect((await call('/api/v1/user/confirm?token=nope')).body.ret_code).toBe(
      10010,
    );
    expect(
      (await login('new@example.org', 'Longer123')).res.body.ret_code,
    ).toBe(0);
    // registering it again now answers as for any address, and changes nothing
    const again = await register('new@example.org', 'Other1234');
    expect(again.body).toEqual(fresh.body);
    expect(await mailedLink(sandbox.url, 'new@example.org')).toBeNull();
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
      sessionLimits: { perUser: 3 },
      registrationLimits: { perAddress: 4, windowMs: 60_000 },
      compactFloorBytes: 8 * 1024,
    });
  const ownLogin = async (
    email = 'demo@example-exchange.com',
    password = 'Demo12345',
  ) => {
    const res = await fetch(`${own.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
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

  it("sessions are bounded per user (the user's own oldest end first); nobody's registrations or logins end another user's session", async () => {
    clock += 8 * 24 * 3600 * 1000;
    const cookies: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      cookies.push(await ownLogin());
    }
    const alive = await Promise.all(cookies.map(loggedIn));
    expect(alive).toEqual([false, false, true, true, true]);
    // strangers sign up and log in over and over: the demo trader's sessions all stay
    const strangers: string[] = [];
    for (let i = 0; i < 4; i++) {
      clock += 1000;
      strangers.push(await signUp(own.url, `bound${i}@example.org`));
    }
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 4; i++) {
        clock += 1000;
        await ownLogin(`bound${i}@example.org`, 'Abcdefg123');
      }
    expect(await Promise.all(cookies.map(loggedIn))).toEqual(alive);
    // each stranger holds at most three sessions: their first one has ended
    expect(await Promise.all(strangers.map(loggedIn))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(Object.keys(own.store.state.sessions)).toHaveLength(3 + 4 * 3);
  });

  it('registrations are bounded per client address and window: beyond, a 429 envelope with Retry-After, and nobody else is affected', async () => {
    clock += 120_000; // the previous test's registrations are out of the window
    const register = (email: string) =>
      fetch(`${own.url}/api/v1/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Abcdefg123' }),
      });
    // new or taken, a registration counts the same (the answers do not differ)
    const answers = [];
    for (const email of [
      'limit0@example.org',
      'demo@example-exchange.com',
      'limit1@example.org',
      'limit2@example.org',
      'limit3@example.org',
    ]) {
      clock += 1000;
      answers.push(await register(email));
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    const refused = answers[4];
    expect(refused?.headers.get('retry-after')).toBe(String(60 - 4));
    expect(await refused?.json()).toEqual({
      ret_code: 10009,
      ret_msg: 'Too many sign-ups; try again later',
      message: 'Too many sign-ups; try again later',
      result: null,
    });
    expect(await mailedLink(own.url, 'limit3@example.org')).toBeNull();
    // logins and the registered accounts are unaffected
    expect(await loggedIn(await ownLogin())).toBe(true);
    // once the window has passed, registering works again
    clock += 60_000;
    expect((await register('limit3@example.org')).status).toBe(200);
    expect(await mailedLink(own.url, 'limit3@example.org')).toMatch(
      /^\/api\/v1\/user\/confirm/,
    );
  });

  it('stores only a hash of each token, and the data files stay bounded whatever the logins', async () => {
    const cookie = await ownLogin();
    const token = cookie.split('=')[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const text = () =>
      readFileSync(file(), 'utf8') +
      readFileSync(journalFileOf(file()), 'utf8');
    expect(text()).not.toContain(token);
    for (const key of Object.keys(own.store.state.sessions))
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    const bytes = () =>
      statSync(file()).size + statSync(journalFileOf(file())).size;
    for (let i = 0; i < 20; i++) await ownLogin();
    const snapshot = statSync(file()).size;
    for (let i = 0; i < 200; i++) await ownLogin();
    expect(text()).not.toContain(token);
    // the snapshot holds three sessions a user whatever the logins; the journal is compacted
    // once it outgrows the snapshot and its floor (8 KiB here)
    expect(statSync(file()).size).toBeLessThanOrEqual(snapshot + 64);
    expect(bytes()).toBeLessThanOrEqual(
      statSync(file()).size + Math.max(8 * 1024, statSync(file()).size) + 1024,
    );
  });

  it('a write appends only what it changed to the journal, never the whole state; a restart replays it', async () => {
    const before = statSync(file()).size;
    const journal = () => statSync(journalFileOf(file())).size;
    const cookie = await ownLogin();
    const grown = journal();
    const res = await fetch(`${own.url}/api/v1/account/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        from: 'ACCOUNT_TYPE_SPOT',
        to: 'ACCOUNT_TYPE_FUND',
        coin: 'BTC',
        amount: '0.00000007',
      }),
    });
    expect(((await res.json()) as Envelope).ret_code).toBe(0);
    // the demo trader's record and the transfer counter: far less than the state
    const written = journal() - grown;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(1500);
    expect(before).toBeGreaterThan(4 * written);
    const lastLine = readFileSync(journalFileOf(file()), 'utf8')
      .trimEnd()
      .split('\n')
      .at(-1);
    const { ops } = JSON.parse(lastLine ?? '') as {
      ops: { c: string; k: string | null }[];
    };
    expect(ops.map((op) => `${op.c}/${op.k}`).sort()).toEqual([
      'transfers/null',
      'users/demo@example-exchange.com',
    ]);
    const spot =
      own.store.state.users['demo@example-exchange.com']?.balances
        .ACCOUNT_TYPE_FUND?.BTC;
    // a crash while appending leaves a cut line: ignored, everything before it kept
    writeFileSync(journalFileOf(file()), '{"ops":[{"c":"transf', {
      flag: 'a',
    });
    await own.close();
    own = await start();
    expect(
      own.store.state.users['demo@example-exchange.com']?.balances
        .ACCOUNT_TYPE_FUND?.BTC,
    ).toBe(spot);
    expect(await loggedIn(cookie)).toBe(true);
    expect(readdirSync(ownDir).some((f) => f.includes('corrupt'))).toBe(false);
  });

  it('removes temporary files a crashed writer left beside the data file at start-up', async () => {
    await own.close();
    writeFileSync(`${file()}.999999.tmp`, '{"partial":');
    writeFileSync(`${file()}.999999.journal.tmp`, '{"generation":');
    writeFileSync(path.join(ownDir, 'unrelated.tmp'), 'keep');
    own = await start();
    expect(readdirSync(ownDir).sort()).toEqual([
      'state.json',
      'state.json.journal',
      'unrelated.tmp',
    ]);
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

describe('registration bounds in all', () => {
  it.each([
    ['users', { maxUsers: 2 }],
    ['pending confirmations', { maxPending: 1 }],
  ] as const)(
    'beyond the bound of %s a registration is refused with a 429 envelope; no account or session is ended for it',
    async (_, limits) => {
      const ownDir = mkdtempSync(path.join(tmpdir(), 'sandbox-bounds-'));
      const own = await startIn(ownDir, {
        controls: true,
        registrationLimits: limits,
      });
      try {
        const register = (email: string) =>
          fetch(`${own.url}/api/v1/user/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'Abcdefg123' }),
          });
        const login = await fetch(`${own.url}/api/v1/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'demo@example-exchange.com',
            password: 'Demo12345',
          }),
        });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
        // the demo account and one more: two users, or one confirmation waiting
        if ('maxUsers' in limits) await signUp(own.url, 'first@example.org');
        else expect((await register('first@example.org')).status).toBe(200);
        const refused = await register('second@example.org');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await refused.json()) as Envelope).ret_code).toBe(10009);
        expect(await mailedLink(own.url, 'second@example.org')).toBeNull();
        const info = await fetch(`${own.url}/api/v1/user/info`, {
          headers: { cookie: cookie ?? '' },
        });
        expect(((await info.json()) as Envelope).ret_code).toBe(0);
      } finally {
        await own.close();
        rmSync(ownDir, { recursive: true, force: true });
      }
    },
  );
});

describe('parallel password guessing', () => {
  let own: Sandbox;
  let ownDir: string;
  const attempt = async (email: string, password: string) => {
    const res = await fetch(`${own.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Envelope,
    };
  };

  beforeAll(async () => {
    ownDir = mkdtempSync(path.join(tmpdir(), 'sandbox-parallel-'));
    // the real waits, made short: 100 ms after five failures
    own = await startIn(ownDir, {
      throttle: { baseDelayMs: 100, maxDelayMs: 100 },
    });
  });
  afterAll(async () => {
    await own.close();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it.each(['demo@example-exchange.com', 'nobody@example.org'])(
    '200 wrong passwords at once for %s: a few are checked, the rest refused at once with a 429 envelope',
    async (email) => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => attempt(email, `guess${i}x1`)),
      );
      const elapsed = performance.now() - started;
      const checked = answers.filter((a) => a.body.ret_code === 10002);
      const refused = answers.filter((a) => a.status === 429);
      expect(checked.length + refused.length).toBe(200);
      // five free failures, then at most two under way at once, each waiting 100 ms first
      expect(checked.length).toBeGreaterThanOrEqual(5);
      expect(checked.length).toBeLessThanOrEqual(
        5 + 2 * Math.ceil(elapsed / 100),
      );
      expect(refused.length).toBeGreaterThan(100);
      for (const a of refused) {
        expect(a.body).toEqual({
          ret_code: 10007,
          ret_msg:
            'Too many login attempts for this account at once; try again in a few seconds',
          message:
            'Too many login attempts for this account at once; try again in a few seconds',
          result: null,
        });
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it('the owner still logs in once the guesses are over, and other accounts are never refused', async () => {
    const guesses = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt('demo@example-exchange.com', `again${i}x1`),
      ),
    );
    // another account at the same moment: its own turn, unaffected
    expect((await attempt('other@example.org', 'Whatever1')).status).toBe(200);
    await guesses;
    expect(
      (await attempt('demo@example-exchange.com', 'Demo12345')).body.ret_code,
    ).toBe(0);
  });
  it('logins with the right password at once are never refused (only the wait and the check count as under way)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        attempt('demo@example-exchange.com', 'Demo12345'),
      ),
    );
    expect(answers.map((a) => a.body.ret_code)).toEqual(
      Array<number>(20).fill(0),
    );
  });
});
