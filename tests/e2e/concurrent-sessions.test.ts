import { describe, expect, inject, it } from 'vitest';

import { PERSON_UA } from '../helpers/browser.ts';
import { registerAccount, type Credentials } from '../helpers/session.ts';

/**
 * Issue 9 (f): 20 people log in and move money at the same time, all through the site (its /api
 * proxy, as the browser does). Each tops up a fresh account (100 USDT on sign-up) with a red
 * envelope (88 USDT), then fires racing transfers whose total is more than the balance. Afterwards: no money made or
 * lost, no balance below zero, every refused transfer refused for the balance, and every session
 * still sees only its own account.
 */
const base = inject('baseURL');
const api = inject('apiURL');
const PEOPLE = 20;

type Envelope<T> = { ret_code: number; ret_msg?: string; result: T };
type Balances = {
  items: { account: string; coins: { coin: string; available: string }[] }[];
};

const units = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(8, '0').slice(0, 8));
};

/** One person's session with the site: the token cookie the site's proxy passed back. */
const session = async (who: Credentials) => {
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope<T>; setCookie: string }> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'user-agent': PERSON_UA,
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      body: (await res.json()) as Envelope<T>,
      setCookie: res.headers.get('set-cookie') ?? '',
    };
  };
  const login = await call<{ email: string }>(
    'POST',
    '/api/v1/user/login',
    '',
    who,
  );
  expect(login.body.ret_code).toBe(0);
  const cookie = login.setCookie.split(';')[0] ?? '';
  expect(cookie).toMatch(/^b_t_c_k\w*=.+/);
  return {
    get: <T>(path: string) => call<T>('GET', path, cookie),
    post: <T>(path: string, body?: unknown) =>
      call<T>('POST', path, cookie, body),
  };
};

const usdt = (balances: Balances, account: string): bigint =>
  units(
    balances.items
      .find((a) => a.account === account)
      ?.coins.find((c) => c.coin === 'USDT')?.available ?? '0',
  );

describe('20 concurrent login + transfer sessions through the site', () => {
  it('lose no money and leak no session to another', async () => {
    const people = await Promise.all(
      Array.from({ length: PEOPLE }, (_, i) =>
        registerAccount(api, `race${i}`),
      ),
    );
    const sessions = await Promise.all(people.map((who) => session(who)));

    // each funds their account: 88 USDT in the funding account
    const funded = await Promise.all(
      sessions.map((s) => s.post('/api/v1/red-envelopes/LUCKY88/receive')),
    );
    for (const r of funded) expect(r.body.ret_code).toBe(0);
    const before = await Promise.all(
      sessions.map((s) => s.get<Balances>('/api/v1/account/balances')),
    );
    const totals = before.map(
      (b) =>
        usdt(b.body.result, 'ACCOUNT_TYPE_FUND') +
        usdt(b.body.result, 'ACCOUNT_TYPE_SPOT'),
    );
    for (const total of totals) expect(total).toBe(188n * 10n ** 8n);

    // everyone at once: 10 transfers of 20 USDT fund → spot (200 > 188: some must be refused),
    // and 3 of 5 USDT spot → fund racing against them
    const results = await Promise.all(
      sessions.flatMap((s) => [
        ...Array.from({ length: 10 }, () =>
          s.post('/api/v1/account/transfer', {
            from: 'ACCOUNT_TYPE_FUND',
            to: 'ACCOUNT_TYPE_SPOT',
            coin: 'USDT',
            amount: '20',
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          s.post('/api/v1/account/transfer', {
            from: 'ACCOUNT_TYPE_SPOT',
            to: 'ACCOUNT_TYPE_FUND',
            coin: 'USDT',
            amount: '5',
          }),
        ),
      ]),
    );
    for (const r of results) {
      expect(r.status).toBeLessThan(500);
      // accepted, or refused for the balance — nothing else
      if (r.body.ret_code !== 0) expect(r.body.ret_msg).toMatch(/balance/i);
    }
    expect(results.filter((r) => r.body.ret_code === 0).length).toBeGreaterThan(
      PEOPLE * 4,
    );

    const infos = await Promise.all(
      sessions.map((s) => s.get<{ nickname: string }>('/api/v1/user/info')),
    );
    const balances = await Promise.all(
      sessions.map((s) => s.get<Balances>('/api/v1/account/balances')),
    );
    people.forEach((who, i) => {
      // the session is still this person's own
      expect(infos[i]?.body.result.nickname).toBe(who.email.split('@')[0]);
      const b = balances[i]?.body.result;
      if (!b) throw new Error('no balances');
      const fund = usdt(b, 'ACCOUNT_TYPE_FUND');
      const spot = usdt(b, 'ACCOUNT_TYPE_SPOT');
      expect(fund >= 0n && spot >= 0n).toBe(true);
      // not a unit made or lost
      expect(fund + spot).toBe(totals[i]);
    });
  });
});
