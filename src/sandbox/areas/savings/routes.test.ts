import { describe, expect, it } from 'vitest';

import { DEMO_ACCOUNT } from '../../seed.ts';
import { parseAmount } from '../../store.ts';
import { apiCall, logIn, withOwnSandbox } from '../../testing.ts';
import { tieredInterest } from './routes.ts';
import { DEMO_SAVINGS, SAVINGS } from './seed.ts';

const u = (value: string): bigint => parseAmount(value) ?? -1n;
const BANDS = [
  { upTo: '1000', apr: '0.08' },
  { upTo: null, apr: '0.03' },
];

describe('tieredInterest', () => {
  it('pays each band its own rate', () => {
    // 1,000 × 8% / 365 = 0.21917808…
    expect(tieredInterest(u('1000'), BANDS, 1n)).toBe(u('0.21917808'));
    // 1,000 × 8% + 1,000 × 3% = 110 a year
    expect(tieredInterest(u('2000'), BANDS, 365n)).toBe(u('110'));
    expect(tieredInterest(u('500'), BANDS, 365n)).toBe(u('40'));
    expect(tieredInterest(u('2000'), BANDS, 0n)).toBe(0n);
  });
});

describe('GET /savings/positions', () => {
  const own = withOwnSandbox({ tokenCookieName: 'b_t_c_k_savings' });

  const positions = (cookie?: string) =>
    apiCall<{
      items: {
        productId: string;
        amount: string;
        accrued: string;
        daily: string;
        maturesAt: string | null;
      }[];
    }>(own.url, '/savings/positions', cookie ? { cookie } : {});

  it('asks a guest to log in', async () => {
    expect((await positions()).ret_code).not.toBe(0);
  });

  it("lists the demo trader's subscriptions with the interest accrued", async () => {
    const cookie = await logIn(own.url);
    const { ret_code, result } = await positions(cookie);
    expect(ret_code).toBe(0);
    expect(result.items.map((i) => i.productId)).toEqual(
      DEMO_SAVINGS.map((s) => s.productId),
    );
    for (const [index, seeded] of DEMO_SAVINGS.entries()) {
      const item = result.items[index];
      const product = SAVINGS.find((p) => p.id === seeded.productId);
      if (!item || !product) throw new Error(`missing ${seeded.productId}`);
      expect(u(item.amount)).toBe(u(seeded.amount));
      const days = BigInt(
        product.kind === 'fixed'
          ? Math.min(seeded.daysAgo, product.termDays)
          : seeded.daysAgo,
      );
      expect(u(item.accrued)).toBe(
        tieredInterest(u(seeded.amount), product.tiers, days),
      );
      expect(u(item.daily)).toBe(
        tieredInterest(u(seeded.amount), product.tiers, 1n),
      );
      expect(item.maturesAt === null).toBe(product.kind === 'flexible');
    }
  });
});

describe('POST /savings/redeem', () => {
  const cookieName = 'b_t_c_k_redeem';
  // the outbox (/__sandbox/mail) confirms a second trader's account
  const own = withOwnSandbox({ tokenCookieName: cookieName, controls: true });
  const call = <T>(
    pathname: string,
    options: { cookie?: string; body?: unknown } = {},
  ) => apiCall<T>(own.url, pathname, options);
  const login = (email: string, password: string) =>
    logIn(own.url, { email, password });
  type Position = {
    positionId: string;
    productId: string;
    amount: string;
    kind: string;
  };
  const positions = (cookie: string) =>
    call<{ items: Position[] }>('/savings/positions', { cookie }).then(
      (a) => a.result.items,
    );
  const fundUsdt = async (cookie: string) => {
    const { result } = await call<{
      items: {
        account: string;
        coins: { coin: string; available: string }[];
      }[];
    }>('/account/balances', { cookie });
    const fund = result.items.find((b) => b.account === 'ACCOUNT_TYPE_FUND');
    return u(fund?.coins.find((c) => c.coin === 'USDT')?.available ?? '');
  };
  const position = async (cookie: string, productId: string) => {
    const found = (await positions(cookie)).find(
      (p) => p.productId === productId,
    );
    if (!found) throw new Error(`no ${productId} position`);
    return found;
  };

  it('asks a guest to log in', async () => {
    const answer = await call('/savings/redeem', {
      body: { positionId: '0', amount: '1' },
    });
    expect(answer.ret_code).toBe(10008);
  });

  it('returns part of a flexible position to FUND, then the rest, then it is gone', async () => {
    const cookie = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const flex = await position(cookie, 'usdt-flex');
    expect(flex.kind).toBe('flexible');
    const before = await fundUsdt(cookie);
    const part = await call<{ amount: string; remaining: string }>(
      '/savings/redeem',
      { cookie, body: { positionId: flex.positionId, amount: '400.5' } },
    );
    expect(part.ret_code).toBe(0);
    expect(u(part.result.amount)).toBe(u('400.5'));
    expect(u(part.result.remaining)).toBe(u(flex.amount) - u('400.5'));
    expect(u((await position(cookie, 'usdt-flex')).amount)).toBe(
      u(flex.amount) - u('400.5'),
    );
    expect(await fundUsdt(cookie)).toBe(before + u('400.5'));

    // more than what is left: refused, nothing moves
    const rest = u(flex.amount) - u('400.5');
    const tooMuch = await call('/savings/redeem', {
      cookie,
      body: { positionId: flex.positionId, amount: '2099.50000001' },
    });
    expect(tooMuch.ret_code).toBe(40006);
    expect(await fundUsdt(cookie)).toBe(before + u('400.5'));

    const all = await call('/savings/redeem', {
      cookie,
      body: { positionId: flex.positionId, amount: '2099.5' },
    });
    expect(all.ret_code).toBe(0);
    expect(u('2099.5')).toBe(rest);
    expect(
      (await positions(cookie)).some((p) => p.productId === 'usdt-flex'),
    ).toBe(false);
    expect(await fundUsdt(cookie)).toBe(before + u(flex.amount));
    // the position is gone: a second redemption finds nothing
    const again = await call('/savings/redeem', {
      cookie,
      body: { positionId: flex.positionId, amount: '1' },
    });
    expect(again.ret_code).toBe(40004);
  });

  it('refuses a fixed-term position', async () => {
    const cookie = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const fixed = await position(cookie, 'btc-90');
    const answer = await call('/savings/redeem', {
      cookie,
      body: { positionId: fixed.positionId, amount: '0.1' },
    });
    expect(answer.ret_code).toBe(40005);
    expect((await position(cookie, 'btc-90')).amount).toBe(fixed.amount);
  });

  it.each([
    [{ positionId: 2, amount: '1' }, 10001],
    [{ positionId: '-1', amount: '1' }, 10001],
    [{ positionId: '01', amount: '1' }, 10001],
    [{ amount: '1' }, 10001],
    [{ positionId: '2', amount: '0' }, 20004],
    [{ positionId: '2', amount: '1.123456789' }, 20004],
    [{ positionId: '2', amount: 'abc' }, 20004],
    [{ positionId: '2', amount: 1 }, 20004],
    [{ positionId: '999999', amount: '1' }, 40004],
  ])('checks its input: %j → %i', async (body, code) => {
    const cookie = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const answer = await call('/savings/redeem', { cookie, body });
    expect(answer.ret_code).toBe(code);
  });

  it("never finds another trader's position", async () => {
    const demo = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const eth = await position(demo, 'eth-flex');
    const email = `redeem-${Date.now()}@example.com`;
    const password = 'Redeem12345';
    const registered = await call('/user/register', {
      body: { email, password },
    });
    expect(registered.ret_code).toBe(0);
    const mail = (await (
      await fetch(`${own.url}/__sandbox/mail?to=${encodeURIComponent(email)}`)
    ).json()) as { result: { items: { link: string | null }[] } };
    const link = mail.result.items.at(-1)?.link;
    if (!link) throw new Error('no confirmation mail');
    expect((await fetch(`${own.url}${link}`)).status).toBe(200);
    const other = await login(email, password);
    expect(other).toMatch(new RegExp(`^${cookieName}=.+`));
    const answer = await call('/savings/redeem', {
      cookie: other,
      body: { positionId: eth.positionId, amount: '0.1' },
    });
    expect(answer.ret_code).toBe(40004);
    expect((await position(demo, 'eth-flex')).amount).toBe(eth.amount);
  });
});
